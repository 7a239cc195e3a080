#!/usr/bin/env bash
# Runs HAProxy with deploy/haproxy.cfg on loopback ports, in the foreground
# (logs on stdout), for a fleet of melange servers on this machine:
#
#   deploy/haproxy-local.sh GRPC_PORT WEB_PORT STATS_PORT SERVER1 SERVER2 SERVER3
#
# e.g. deploy/haproxy-local.sh 52051 52080 52404 127.0.0.1:51001 127.0.0.1:51002 127.0.0.1:51003
# The servers are IP:PORT (an address needs no DNS query). gRPC goes to
# 127.0.0.1:GRPC_PORT (h2c), gRPC-Web and the viewer to 127.0.0.1:WEB_PORT,
# and http://127.0.0.1:STATS_PORT/stats (`;csv` for a machine) shows each
# server's state. Nothing is rewritten: the configuration reads these
# addresses from the environment (see its header). Stop it with SIGTERM.
set -euo pipefail
if [ "$#" -ne 6 ]; then
  sed -n '2,12p' "$0" >&2
  exit 2
fi
config="$(cd "$(dirname "$0")" && pwd)/haproxy.cfg"
export PROXY_GRPC_BIND="127.0.0.1:$1"
export PROXY_WEB_BIND="127.0.0.1:$2"
export PROXY_STATS_BIND="127.0.0.1:$3"
export PROXY_SERVER_1="$4" PROXY_SERVER_2="$5" PROXY_SERVER_3="$6"
haproxy -c -q -f "$config"
exec haproxy -db -f "$config"
