/* A reference bot of the wuhanmj line protocol (docs/PROTOCOL.md), in C with no library
 * beyond the C standard one: it answers every "request" line with hu when legal, else
 * pass, else the first discard, else the first legal code, and ignores every other line.
 *
 *   cc -O2 -o first_bot examples/bots/first_bot.c
 *   wuhanmj arena --agents cmd:./first_bot,greedy --hands 8
 *
 * It reads the "legal" array of a request without a JSON library: the engine writes
 * compact JSON (no spaces), one object a line, and the codes are integers 0-162. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, stdin) != -1) {
        if (strncmp(line, "{\"type\":\"request\"", 17) != 0)
            continue;
        char *p = strstr(line, "\"legal\":[");
        if (p == NULL)
            return 3;
        p += 9;
        int first = -1, discard = -1, hu = 0, pass = 0;
        while (*p && *p != ']') {
            char *end;
            long c = strtol(p, &end, 10);
            if (end == p)
                return 3;
            if (first < 0)
                first = (int)c;
            if (c < 34 && discard < 0)
                discard = (int)c;
            if (c == 161)
                hu = 1;
            if (c == 162)
                pass = 1;
            p = end;
            if (*p == ',')
                p++;
        }
        int code = hu ? 161 : pass ? 162 : discard >= 0 ? discard : first;
        printf("{\"code\":%d}\n", code);
        fflush(stdout);
    }
    free(line);
    return 0;
}
