/*
 * The DDS side of bench/dd.sh. With one thread: reads a PBN deal a line and answers each with
 * "MICROS t0 .. t19" (DDS's CalcDDtablePBN, its time and table: strains S H D C NT, declarers
 * N E S W), so that the bench can interleave DDS and Tenace deal by deal. With more threads:
 * reads all deals, solves them with CalcAllTablesPBN on that many threads and prints "MICROS".
 */
#include <dds/dll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static long long micros(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1000000LL + t.tv_nsec / 1000;
}

int main(int argc, char **argv) {
  int threads = argc > 1 ? atoi(argv[1]) : 1;
  SetMaxThreads(threads);
  char line[256];
  if (threads == 1) {
    while (fgets(line, sizeof line, stdin)) {
      line[strcspn(line, "\n")] = 0;
      struct ddTableDealPBN d;
      strncpy(d.cards, line, sizeof d.cards);
      struct ddTableResults t;
      long long t0 = micros();
      int rc = CalcDDtablePBN(d, &t);
      long long t1 = micros();
      if (rc != RETURN_NO_FAULT) { fprintf(stderr, "CalcDDtablePBN: %d\n", rc); return 1; }
      printf("%lld", t1 - t0);
      for (int s = 0; s < 5; s++) for (int h = 0; h < 4; h++) printf(" %d", t.resTable[s][h]);
      printf("\n");
      fflush(stdout);
    }
    return 0;
  }
  static struct ddTableDealsPBN deals;
  static struct ddTablesRes res;
  static struct allParResults par;
  int filter[5] = {0, 0, 0, 0, 0};
  long long total = 0;
  int more = 1;
  while (more) {
    deals.noOfTables = 0;
    while (deals.noOfTables < 32 && (more = fgets(line, sizeof line, stdin) != NULL)) {
      line[strcspn(line, "\n")] = 0;
      strncpy(deals.deals[deals.noOfTables++].cards, line, 80);
    }
    if (deals.noOfTables == 0) break;
    long long t0 = micros();
    int rc = CalcAllTablesPBN(&deals, -1, filter, &res, &par);
    total += micros() - t0;
    if (rc != RETURN_NO_FAULT) { fprintf(stderr, "CalcAllTablesPBN: %d\n", rc); return 1; }
  }
  printf("%lld\n", total);
  return 0;
}
