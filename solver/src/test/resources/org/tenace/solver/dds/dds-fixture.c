/*
 * Writes the DDS fixture: seeded random deals with DDS's double-dummy table and DealerPar.
 * Built and run by make-fixture.sh (needs Debian's libdds-dev, DDS 2.9). One line a deal:
 *   deal;20 tricks (strains S H D C NT, declarers N E S W);dealer;vulnerable;par score;contracts
 * dealer 0..3 = N E S W; vulnerable 0 none, 1 both, 2 NS, 3 EW (DDS's codes); the par score is
 * North-South's; the contracts are DealerPar's texts, comma-separated.
 */
#include <dds/dll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long state;

static unsigned long long next(void) {
  state ^= state >> 12;
  state ^= state << 25;
  state ^= state >> 27;
  return state * 2685821657736338717ULL;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  state = argc > 2 ? strtoull(argv[2], NULL, 10) : 20261125ULL;
  const char *ranks = "23456789TJQKA";
  for (int i = 0; i < n; i++) {
    int deck[52];
    for (int c = 0; c < 52; c++) deck[c] = c;
    for (int c = 51; c > 0; c--) {
      int j = (int) (next() % (unsigned long long) (c + 1));
      int t = deck[c]; deck[c] = deck[j]; deck[j] = t;
    }
    int owner[52];
    for (int c = 0; c < 52; c++) owner[deck[c]] = c / 13; /* card index: suit C D H S * 13 + rank */
    struct ddTableDealPBN d;
    char *p = d.cards;
    p += sprintf(p, "N:");
    for (int h = 0; h < 4; h++) {
      for (int s = 3; s >= 0; s--) {
        for (int r = 12; r >= 0; r--) {
          if (owner[s * 13 + r] == h) *p++ = ranks[r];
        }
        if (s > 0) *p++ = '.';
      }
      if (h < 3) *p++ = ' ';
    }
    *p = 0;
    struct ddTableResults t;
    int rc = CalcDDtablePBN(d, &t);
    if (rc != RETURN_NO_FAULT) { fprintf(stderr, "CalcDDtablePBN: %d\n", rc); return 1; }
    int dealer = i % 4, vul = (i / 4) % 4;
    struct parResultsDealer par;
    rc = DealerPar(&t, &par, dealer, vul);
    if (rc != RETURN_NO_FAULT) { fprintf(stderr, "DealerPar: %d\n", rc); return 1; }
    printf("%s;", d.cards);
    for (int s = 0; s < 5; s++)
      for (int h = 0; h < 4; h++) printf("%d%s", t.resTable[s][h], s == 4 && h == 3 ? "" : " ");
    printf(";%d;%d;%d;", dealer, vul, par.score);
    for (int k = 0; k < par.number; k++) printf("%s%s", k ? "," : "", par.contracts[k]);
    printf("\n");
    fflush(stdout);
  }
  return 0;
}
