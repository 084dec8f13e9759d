/*
 * Appends DDS's Par (both views: North-South, then East-West first to bid) to each line of the
 * fixture that dds-fixture.c wrote, from the table and vulnerability on the line:
 *   ...;NS view score;EW view score;NS view contracts;EW view contracts
 * (the scores as DDS writes them, "NS 620" and "EW -620").
 */
#include <dds/dll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  char line[512];
  while (fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\n")] = 0;
    char copy[512];
    strcpy(copy, line);
    char *deal = strtok(copy, ";");
    char *tricks = strtok(NULL, ";");
    strtok(NULL, ";");
    char *vul = strtok(NULL, ";");
    if (!deal || !tricks || !vul) { fprintf(stderr, "bad line: %s\n", line); return 1; }
    struct ddTableResults t;
    char *p = tricks;
    for (int s = 0; s < 5; s++)
      for (int h = 0; h < 4; h++) t.resTable[s][h] = (int) strtol(p, &p, 10);
    struct parResults par;
    int rc = Par(&t, &par, vul[0] - '0');
    if (rc != RETURN_NO_FAULT) { fprintf(stderr, "Par: %d\n", rc); return 1; }
    printf("%s;%s;%s;%s;%s\n", line, par.parScore[0], par.parScore[1],
           par.parContractsString[0], par.parContractsString[1]);
  }
  return 0;
}
