//! TLS (issue 13, finding 8): with a certificate and key the server speaks
//! only TLS, so bearer tokens never cross the network in clear; with a
//! client CA it also asks every client for a certificate that CA signed.
//! Each test makes its own certificate authorities and certificates.
use std::time::Duration;

use melange::{
    api::Catalog,
    pb::{self, game_service_client::GameServiceClient},
    server::{ConnectionLimits, ServerConfig, TlsConfig, serve},
};
use rcgen::{
    BasicConstraints, CertificateParams, CertifiedIssuer, DnType, ExtendedKeyUsagePurpose, IsCa,
    KeyPair, KeyUsagePurpose,
};
use tonic::transport::{Certificate, Channel, ClientTlsConfig, Endpoint, Identity};

use super::{
    harness::Harness,
    support::{Client, TestServer, authed, harness_request, play_first_legal, public_view},
};

/// A certificate authority made for one test.
struct Authority(CertifiedIssuer<'static, KeyPair>);

/// A PEM certificate and its PEM private key.
struct Issued {
    cert: String,
    key: String,
}

impl Authority {
    fn new(name: &str) -> Self {
        let mut params = CertificateParams::new(Vec::<String>::new()).unwrap();
        params.distinguished_name.push(DnType::CommonName, name);
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        params.key_usages = vec![KeyUsagePurpose::KeyCertSign, KeyUsagePurpose::CrlSign];
        Authority(CertifiedIssuer::self_signed(params, KeyPair::generate().unwrap()).unwrap())
    }

    fn pem(&self) -> String {
        self.0.pem()
    }

    /// A certificate for the server at `localhost` and 127.0.0.1.
    fn server(&self) -> Issued {
        self.issue(
            vec!["localhost".into(), "127.0.0.1".into()],
            ExtendedKeyUsagePurpose::ServerAuth,
        )
    }

    /// A client certificate.
    fn client(&self) -> Issued {
        self.issue(
            vec!["bot.example".into()],
            ExtendedKeyUsagePurpose::ClientAuth,
        )
    }

    fn issue(&self, names: Vec<String>, usage: ExtendedKeyUsagePurpose) -> Issued {
        let mut params = CertificateParams::new(names).unwrap();
        params.extended_key_usages = vec![usage];
        let key = KeyPair::generate().unwrap();
        let cert = params.signed_by(&key, &self.0).unwrap();
        Issued {
            cert: cert.pem(),
            key: key.serialize_pem(),
        }
    }
}

fn tls_config(server: &Issued, client_ca: Option<&Authority>) -> ServerConfig {
    ServerConfig {
        tls: Some(TlsConfig {
            cert_pem: server.cert.clone().into_bytes(),
            key_pem: server.key.clone().into_bytes(),
            client_ca_pem: client_ca.map(|ca| ca.pem().into_bytes()),
        }),
        ..ServerConfig::default()
    }
}

/// A TLS client of `server` that trusts `ca` and, if given, presents
/// `identity`. Any failure, at connecting or at the call, is an `Err`.
async fn tls_client(
    server: &TestServer,
    ca: &Authority,
    identity: Option<&Issued>,
) -> Result<Client, String> {
    let mut tls = ClientTlsConfig::new()
        .ca_certificate(Certificate::from_pem(ca.pem()))
        .domain_name("localhost");
    if let Some(identity) = identity {
        tls = tls.identity(Identity::from_pem(&identity.cert, &identity.key));
    }
    let endpoint = Endpoint::from_shared(format!("https://{}", server.addr))
        .unwrap()
        .tls_config(tls)
        .map_err(|error| error.to_string())?
        .connect_timeout(Duration::from_secs(5));
    let channel: Channel = endpoint
        .connect()
        .await
        .map_err(|error| format!("{error:?}"))?;
    Ok(GameServiceClient::new(channel))
}

/// Creates a harness game and reads seat 0's view: the whole round trip a
/// seat makes, bearer token included.
async fn create_and_view(client: Result<Client, String>) -> Result<pb::View, String> {
    let mut client = client?;
    let call = async {
        let game = client
            .create_game(harness_request(Some(7), 2, 2, &[]))
            .await
            .map_err(|status| format!("{status:?}"))?
            .into_inner();
        let request = pb::GetViewRequest {
            game_id: game.game_id.clone(),
            seat: Some(0),
            detail: pb::Detail::Full as i32,
        };
        let view = client
            .get_view(authed(request, &game.seats[0].token))
            .await
            .map_err(|status| format!("{status:?}"))?
            .into_inner();
        Ok(view)
    };
    tokio::time::timeout(Duration::from_secs(10), call)
        .await
        .map_err(|_| "no answer in 10 s".to_owned())?
}

#[tokio::test]
async fn a_tls_client_plays_and_a_plaintext_client_is_refused() {
    let ca = Authority::new("melange test CA");
    let server = TestServer::start_with(tls_config(&ca.server(), None)).await;

    let view = create_and_view(tls_client(&server, &ca, None).await)
        .await
        .expect("a TLS client trusting the CA is served");
    assert_eq!(view.version, 0);
    assert_eq!(view.seat, Some(0));

    // The same calls in plaintext HTTP/2 never reach a service.
    let plaintext = async {
        let mut client = GameServiceClient::connect(format!("http://{}", server.addr))
            .await
            .map_err(|error| error.to_string())?;
        client
            .create_game(harness_request(Some(7), 2, 2, &[]))
            .await
            .map_err(|status| status.to_string())
    };
    let refused = tokio::time::timeout(Duration::from_secs(10), plaintext)
        .await
        .expect("the plaintext client gets an answer");
    assert!(refused.is_err(), "a plaintext client was served");

    // A client that does not trust the server's CA refuses the server.
    let stranger = Authority::new("another CA");
    let distrusted = create_and_view(tls_client(&server, &stranger, None).await).await;
    assert!(distrusted.is_err(), "{distrusted:?}");

    // The server still serves TLS clients after those failed handshakes.
    create_and_view(tls_client(&server, &ca, None).await)
        .await
        .unwrap();
    server.shutdown().await;
}

#[tokio::test]
async fn mutual_tls_serves_only_clients_with_a_certificate_the_client_ca_signed() {
    let server_ca = Authority::new("melange server CA");
    let client_ca = Authority::new("melange client CA");
    let server = TestServer::start_with(tls_config(&server_ca.server(), Some(&client_ca))).await;

    let anonymous = create_and_view(tls_client(&server, &server_ca, None).await).await;
    assert!(
        anonymous.is_err(),
        "a client without a certificate was served"
    );

    let forged = Authority::new("melange client CA").client();
    let forged = create_and_view(tls_client(&server, &server_ca, Some(&forged)).await).await;
    assert!(
        forged.is_err(),
        "a certificate another CA signed was accepted"
    );

    let signed = client_ca.client();
    let view = create_and_view(tls_client(&server, &server_ca, Some(&signed)).await)
        .await
        .expect("a client with a certificate the client CA signed is served");
    assert_eq!(view.seat, Some(0));
    server.shutdown().await;
}

/// Starts a server with `config` whose shutdown future is already resolved:
/// `Ok` for a configuration the server accepts, the refusal otherwise.
async fn serve_briefly(config: ServerConfig) -> Result<(), String> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let catalog = Catalog::standard().with::<Harness>();
    tokio::time::timeout(
        Duration::from_secs(10),
        serve(listener, config, catalog, std::future::ready(())),
    )
    .await
    .expect("serve returned")
    .map_err(|error| error.to_string())
}

#[tokio::test]
async fn unusable_tls_material_is_refused_at_start_up() {
    let ca = Authority::new("melange test CA");
    let issued = ca.server();
    let other = ca.server();
    let with = |cert: &str, key: &str, client_ca: Option<&str>| ServerConfig {
        tls: Some(TlsConfig {
            cert_pem: cert.as_bytes().to_vec(),
            key_pem: key.as_bytes().to_vec(),
            client_ca_pem: client_ca.map(|pem| pem.as_bytes().to_vec()),
        }),
        ..ServerConfig::default()
    };
    let not_pem = "not a PEM file";
    let cases = [
        (with(not_pem, &issued.key, None), "--tls-cert"),
        (with(&issued.cert, not_pem, None), "--tls-key"),
        // A key that is not the certificate's.
        (with(&issued.cert, &other.key, None), "--tls-key"),
        (
            with(&issued.cert, &issued.key, Some(not_pem)),
            "--tls-client-ca",
        ),
    ];
    for (config, flag) in cases {
        assert!(config.validate().is_err(), "{flag} validated");
        let refused = serve_briefly(config).await.unwrap_err();
        assert!(refused.contains(flag), "{flag}: {refused}");
    }
    serve_briefly(with(&issued.cert, &issued.key, Some(&ca.pem())))
        .await
        .unwrap();
}

#[test]
fn tls_files_come_as_a_readable_pair() {
    let dir = std::env::temp_dir().join(format!("melange-tls-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let issued = Authority::new("melange test CA").server();
    let cert = dir.join("cert.pem");
    let key = dir.join("key.pem");
    std::fs::write(&cert, &issued.cert).unwrap();
    std::fs::write(&key, &issued.key).unwrap();
    let missing = dir.join("missing.pem");

    assert!(TlsConfig::from_files(None, None, None).unwrap().is_none());
    let read = TlsConfig::from_files(Some(&cert), Some(&key), Some(&cert))
        .unwrap()
        .unwrap();
    assert_eq!(read.cert_pem, issued.cert.as_bytes());
    assert_eq!(read.key_pem, issued.key.as_bytes());
    assert!(read.client_ca_pem.is_some());
    // The key never shows in a debug line.
    assert!(!format!("{read:?}").contains("PRIVATE KEY"));

    for (cert, key) in [(Some(&cert), None), (None, Some(&key))] {
        let refused =
            TlsConfig::from_files(cert.map(|p| p.as_path()), key.map(|p| p.as_path()), None)
                .unwrap_err();
        assert!(refused.contains("go together"), "{refused}");
    }
    let refused = TlsConfig::from_files(None, None, Some(&cert)).unwrap_err();
    assert!(refused.contains("--tls-client-ca"), "{refused}");
    let refused = TlsConfig::from_files(Some(&cert), Some(&missing), None).unwrap_err();
    assert!(
        refused.contains("--tls-key") && refused.contains("missing.pem"),
        "{refused}"
    );
    let refused = TlsConfig::from_files(Some(&cert), Some(&key), Some(&missing)).unwrap_err();
    assert!(refused.contains("--tls-client-ca"), "{refused}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// P13 finding 13: a server that listens beyond loopback without TLS says
/// so at start-up (bearer tokens travel in clear); on loopback or with TLS
/// it has nothing to warn about.
#[test]
fn plaintext_beyond_loopback_is_warned_about() {
    use melange::server::plaintext_warning;
    for exposed in [
        "0.0.0.0:50051",
        "[::]:50051",
        "10.1.2.3:50051",
        "[2001:db8::1]:443",
    ] {
        let warning = plaintext_warning(exposed.parse().unwrap(), false)
            .unwrap_or_else(|| panic!("{exposed}: no warning"));
        assert!(warning.contains("--tls-cert"), "{warning}");
        assert!(plaintext_warning(exposed.parse().unwrap(), true).is_none());
    }
    for local in [
        "127.0.0.1:50051",
        "127.3.4.5:1",
        "[::1]:50051",
        "[::ffff:127.0.0.1]:9",
    ] {
        assert_eq!(
            plaintext_warning(local.parse().unwrap(), false),
            None,
            "{local}"
        );
    }
}

/// P13 findings 6 and 7 under TLS: the accept loop's connection sits below
/// TLS, so the client's address is still known (its stream cap applies) and
/// its requests are seen (a connection carrying a stream outlives both the
/// header and the idle timeout).
#[tokio::test]
async fn under_tls_the_client_address_is_known_and_a_streaming_connection_stays_open() {
    use tokio_stream::StreamExt;
    let ca = Authority::new("melange test CA");
    let server = TestServer::start_with(ServerConfig {
        connections: ConnectionLimits {
            max_streams_per_ip: 1,
            header_timeout: Duration::from_millis(500),
            idle_timeout: Duration::from_millis(500),
            ..ConnectionLimits::default()
        },
        ..tls_config(&ca.server(), None)
    })
    .await;
    let mut client = tls_client(&server, &ca, None).await.unwrap();
    let game = client
        .create_game(harness_request(None, 2, 30, &[]))
        .await
        .unwrap()
        .into_inner();
    let spectate = || pb::StreamGameRequest {
        game_id: game.game_id.clone(),
        seat: None,
        from_version: 0,
        ..Default::default()
    };
    let mut stream = client.stream_game(spectate()).await.unwrap().into_inner();
    let refused = client.stream_game(spectate()).await.unwrap_err();
    assert_eq!(refused.code(), tonic::Code::ResourceExhausted);
    assert!(
        refused.message().contains("127.0.0.1"),
        "{}",
        refused.message()
    );
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    let seat = public_view_of(&mut client, &game.game_id).await;
    let played = play_first_legal(&mut client, &game, seat).await.version;
    let update = tokio::time::timeout(Duration::from_secs(30), stream.next())
        .await
        .expect("the stream is still open")
        .expect("an update")
        .unwrap();
    assert_eq!(update.version, played);
    server.shutdown().await;
}

/// The seat to act in a game.
async fn public_view_of(client: &mut Client, game_id: &str) -> u32 {
    public_view(client, game_id).await.to_act[0]
}
