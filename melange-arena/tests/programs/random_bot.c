/* A melange-arena contestant in C: plays a random legal action.
 *
 * The line protocol (docs/arena-programs.md): one JSON request a line on
 * standard input, one JSON answer a line on standard output. It needs no
 * JSON library: it counts the elements of the view's "legalActions" array
 * and answers {"index": N}, N drawn from a hash of the request line (the
 * game, the seat and the view's version), so a game replays the same.
 *
 * Build: cc -O2 -o random_bot random_bot.c
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The number of elements of the JSON array starting at `p` (just past
 * its '['). */
static long count_elements(const char *p) {
    long count = 0;
    int depth = 0, in_string = 0, any = 0;
    for (; *p; p++) {
        char c = *p;
        if (in_string) {
            if (c == '\\' && p[1]) p++;
            else if (c == '"') in_string = 0;
            continue;
        }
        if (c == '"') { in_string = 1; any = 1; }
        else if (c == '{' || c == '[') { depth++; any = 1; }
        else if (c == '}' || c == ']') { if (depth == 0) break; depth--; }
        else if (c == ',' && depth == 0) count++;
        else if (c != ' ' && c != '\n') any = 1;
    }
    return any ? count + 1 : 0;
}

int main(void) {
    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    while ((length = getline(&line, &capacity, stdin)) > 0) {
        unsigned long long hash = 1469598103934665603ULL; /* FNV-1a */
        for (ssize_t i = 0; i < length; i++) {
            hash ^= (unsigned char)line[i];
            hash *= 1099511628211ULL;
        }
        const char *key = "\"legalActions\":[";
        const char *found = strstr(line, key);
        long legal = found ? count_elements(found + strlen(key)) : 0;
        long choice = legal > 0 ? (long)(hash % (unsigned long long)legal) : 0;
        printf("{\"index\":%ld}\n", choice);
        fflush(stdout);
    }
    free(line);
    return 0;
}
