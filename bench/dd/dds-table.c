/*
 * The DDS side of bench/dd-analyse.sh: reads "LABEL<TAB>DEAL" lines (DEAL as PBN's Deal tag
 * writes it, "N:AKQ.. ..."), solves each with DDS 2.9's CalcDDtablePBN on one thread and answers
 * "LABEL<TAB>" and the 20 tricks in the rows of Tenace's OptimumResultTable: declarers N S E W,
 * each with NT S H D C.
 */
#include <dds/dll.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  /* DDS's resTable[strain][hand]: strains 0..4 are S H D C NT, hands 0..3 are N E S W. */
  static const int hand[4] = {0, 2, 1, 3};       /* N S E W */
  static const int strain[5] = {4, 0, 1, 2, 3};  /* NT S H D C */
  SetMaxThreads(1);
  char line[512];
  while (fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\n")] = 0;
    char *tab = strchr(line, '\t');
    if (tab == NULL) { fprintf(stderr, "dds-table: no tab in: %s\n", line); return 2; }
    *tab = 0;
    struct ddTableDealPBN d;
    memset(&d, 0, sizeof d);
    strncpy(d.cards, tab + 1, sizeof d.cards - 1);
    struct ddTableResults t;
    int rc = CalcDDtablePBN(d, &t);
    if (rc != RETURN_NO_FAULT) { fprintf(stderr, "dds-table: %s: CalcDDtablePBN: %d\n", line, rc); return 1; }
    printf("%s\t", line);
    for (int h = 0; h < 4; h++) for (int s = 0; s < 5; s++) printf(" %d", t.resTable[strain[s]][hand[h]]);
    printf("\n");
    fflush(stdout);
  }
  return 0;
}
