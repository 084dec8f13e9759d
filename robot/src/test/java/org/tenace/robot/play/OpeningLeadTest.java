package org.tenace.robot.play;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;

/** West on lead against South: which suit, then which card. */
class OpeningLeadTest {

  @ParameterizedTest(name = "{3}: {4}")
  @CsvSource(delimiter = '|', value = {
    // Partner's suit at notrump, even from three small.
    "N:KQ82.Q3.A983.964 A.A976.KT75.K872 JT654.T4.J6.AQJ5 973.KJ852.Q42.T3 | 3NT S | P 1S 1NT P 3NT P P P | partner's suit | S9",
    // The longest and strongest at notrump: top of the sequence.
    "N:963.K6.8753.K874 A2.AJT84.KJ6.AQJ T74.Q952.AQT.965 KQJ85.73.942.T32 | 3NT S | P P 1NT P 3NT P P P | longest suit | SK",
    // Against a suit, ace from ace-king.
    "N:JT97.AKQ9642.8.Q 64.JT.AKQ753.J96 Q83.85.T6.AK8754 AK52.73.J942.T32 | 4H S | P P 1H P 4H P P P | ace from AK | SA",
    // A sequence rather than away from an ace.
    "N:J.KT4.AKT853.AQ4 QT43.Q96.72.J865 K976.AJ852.6.K97 A852.73.QJ94.T32 | 4H S | P P 1H P 4H P P P | sequence, not the ace | DQ",
    // A singleton with the trump ace as the entry for the ruff.
    "N:T4.J542.KQ.K8754 AQ986.KQ86.T75.A KJ732.T9.A63.QJ6 5.A73.J9842.T932 | 4H S | P P 1H P 4H P P P | singleton with a trump entry | S5",
    // A trump when dummy showed a second suit.
    "N:KT5.83.AJ75.T873 J64.T9742.K642.9 AQ92.AQ6.T8.AQ62 873.KJ5.Q93.KJ54 | 4S S | P P 1S P 2D P 2S P 4S P P P | trump lead | S8",
  })
  void leads(String pbn, String contract, String auction, String why, String card) {
    var view = Views.after(pbn, contract, Seat.NORTH, auction, "");
    assertThat(view.seat()).isEqualTo(Seat.WEST);
    assertThat(OpeningLead.choose(view)).as(why).isEqualTo(Card.parse(card));
  }
}
