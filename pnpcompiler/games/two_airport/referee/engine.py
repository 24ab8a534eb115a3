"""The two-airport game as a machine (``referee.Engine``): setup, then each turn as ``Begin``
(turn order, reshuffle, draw), one ``Step`` per action (move, card, claim) and ``End`` (the
moves made, the discard). Replay, the bots and the simulation share it."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ....core.findings import Finding
from ....referee import Dice
from .actions import open_actions
from .events import claim_win, play
from .log import Action, Begin, End, Step, Turn, TurnAction, TurnLog
from .moves import legal_moves_open, move, release_stuck
from .pile import draw_from, in_record_order, misplaced, record_cards
from .state import Table, Tables, same_cards


def seeded_deck(cards: tuple[str, ...], seed: int) -> list[str]:
    """Return the cards shuffled with a seed (Fisher-Yates on the referee's die stream), top
    card first."""
    dice, deck = Dice(seed), list(cards)
    for i in range(len(deck) - 1, 0, -1):
        j = dice.roll(i + 1) - 1
        deck[i], deck[j] = deck[j], deck[i]
    return deck


class TwoAirportEngine:
    """The rules of a turn, as the engine protocol asks."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    def initial(self, log: TurnLog) -> Table:
        """Return the table after setup: goals, the deck, the deal (2. Game setup)."""
        names = [seat.name for seat in log.players]
        first = names.index(log.start) if log.start in names else 0
        table = Table(order=tuple(names[first:] + names[:first]), goals={})
        say = table.rulings.rule
        if log.start not in names:
            say("setup.start", "4.1", f"the starting player {log.start!r} is not a player "
                f"({', '.join(names)})", log.where("start"))
        for n, seat in enumerate(log.players):
            goal = self.tables.goals.get(seat.goal)
            if goal is None:
                say("setup.goal", "2.4", f"no Goal card {seat.goal!r} (goal-1 to goal-"
                    f"{len(self.tables.goals)})", log.where("players", n, "goal"))
            elif any(s.goal == seat.goal for s in log.players[:n]):
                say("setup.goal", "2.4", f"Goal card {seat.goal} is dealt twice",
                    log.where("players", n, "goal"))
            table.goals[seat.name] = goal or frozenset()
        table.pile = self.shuffled(log, table)
        setup = self.tables.rules.setup
        seats = {seat.name: (n, seat) for n, seat in enumerate(log.players)}
        for name in table.order:
            n, seat = seats[name]
            dealt = [table.pile.pop(0) for _ in range(setup.event_cards) if table.pile]
            if seat.dealt is not None and dealt and seat.dealt != dealt[0]:
                say("setup.dealt", "2.5", f"{name} is dealt {dealt[0]} from the top of the "
                    f"shuffled deck, not {seat.dealt}", log.where("players", n, "dealt"))
            table.hands[name] = dealt
            table.returns[name] = setup.technical_return_cards
        return table

    def shuffled(self, log: TurnLog, table: Table) -> list[str]:
        """Return the draw pile before the deal: the record's deck, or the seeded shuffle."""
        if log.deck is not None:
            if same_cards(log.deck, self.tables.deck):
                return list(log.deck)
            table.rulings.rule("setup.deck", "2.5", f"the deck is not the {len(self.tables.deck)}"
                               f" Event cards without the Technical Return cards",
                               log.where("deck"))
            return list(log.deck)
        if log.seed is None:
            table.rulings.rule("setup.deck", "2.5", "the record gives neither the deck's order "
                               "nor a seed to shuffle it with", log.where())
            return list(self.tables.deck)
        return self.seeded(log, table, seeded_deck(self.tables.deck, log.seed))

    def seeded(self, log: TurnLog, table: Table, deck: list[str]) -> list[str]:
        """Return the seed's shuffle, or, when most of the cards the record deals and draws
        are not where it has them, the deck in the record's order: a wrong seed is one
        finding, not one for every card (2.5)."""
        dealt = self.tables.rules.setup.event_cards
        cards = record_cards(log, table.order, dealt)
        named = sum(card is not None for card in cards)
        if misplaced(cards, deck, dealt * len(table.order)) * 2 <= named:
            return deck
        table.rulings.rule("setup.seed", "2.5", f"seed {log.seed} does not shuffle the deck "
                           f"into the cards the record deals and draws: the deck is taken in "
                           f"the record's order", log.where("seed"))
        return in_record_order(cards, deck)

    def apply(self, table: Table, action: TurnAction) -> tuple[Table, list[Finding]]:
        """Return the table after an action and the rulings it drew."""
        before = len(table.rulings.findings)
        if table.winner is not None and not (isinstance(action, End)
                                             and table.won_in == table.rulings.turn):
            where = action.turn.where() if isinstance(action, Begin | End) else \
                action.action.where()
            if table.rulings.once("after-the-win"):
                table.rulings.rule("win.game-over", "7.1", f"the game ended when {table.winner} "
                                   f"won: nothing is played after the win", where)
        elif isinstance(action, Begin):
            self.begin(table, action.turn)
        elif isinstance(action, Step):
            self.step(table, action.action)
        else:
            self.end(table, action.turn)
        return table, table.rulings.findings[before:]

    def begin(self, table: Table, turn: Turn) -> None:
        """Check the turn's player, any reshuffle and the draw."""
        rulings = table.rulings
        due = table.due()
        rulings.turn += 1
        table.moves = table.cards = table.movement = 0
        table.in_turn = True
        if turn.player != due:
            rulings.rule("turn.order", "4.1", f"it is {due}'s turn (clockwise from "
                         f"{table.order[0]})", turn.where("player"))
        table.player = turn.player if turn.player in table.hands else due
        self.reshuffle(table, turn)
        if turn.draw is None:
            if table.pile:
                rulings.rule("draw.missing", "4.2", f"{table.player} must draw one Event card "
                             f"(the top card is {table.pile[0]})", turn.where("player"))
            return
        if not table.pile:
            rulings.rule("draw.empty", "4.2", "there is no card to draw", turn.where("draw"))
        else:
            top = table.pile[0]
            if not draw_from(table.pile, turn.draw):
                rulings.rule("draw.not-top", "4.2", f"the top card of the draw pile is {top}, "
                             f"not {turn.draw}", turn.where("draw"))
        table.hands[table.player].append(turn.draw)

    def reshuffle(self, table: Table, turn: Turn) -> None:
        """Check a reshuffle: only of an empty draw pile, the discard pile's cards (6.3)."""
        rulings = table.rulings
        if turn.reshuffle is None:
            if not table.pile and table.discards and turn.draw is not None:
                rulings.rule("reshuffle.missing", "6.3", "the draw pile is exhausted: shuffle "
                             "the discard pile to form a new draw pile before drawing",
                             turn.where("draw"))
                table.pile, table.discards = list(table.discards), []
            return
        if table.pile:
            rulings.rule("reshuffle.early", "6.3", f"the draw pile still holds "
                         f"{len(table.pile)} cards: the discard pile is shuffled only when it "
                         f"is exhausted", turn.where("reshuffle"))
            return
        if not same_cards(turn.reshuffle, table.discards):
            rulings.rule("reshuffle.cards", "6.3", f"the new draw pile is not the discard "
                         f"pile's {len(table.discards)} cards "
                         f"({', '.join(sorted(table.discards)) or 'none'})",
                         turn.where("reshuffle"))
        table.pile, table.discards = list(turn.reshuffle), []

    def step(self, table: Table, action: Action) -> None:
        """Check and play one action."""
        if action.move is not None:
            move(self.tables, table, action)
        elif action.play is not None:
            play(self.tables, table, action)
        else:
            claim_win(self.tables, table, action)

    def end(self, table: Table, turn: Turn) -> None:
        """Check the moves made and the discard."""
        rulings, rules = table.rulings, self.tables.rules
        table.in_turn = False
        if table.winner is not None:
            return
        if table.moves < rules.moves:
            open_now = next(legal_moves_open(self.tables, table), None)
            if open_now is not None:
                rulings.rule("move.count", "5.1", f"{table.player} made {table.moves} of the "
                             f"{rules.moves} moves a turn must have, and could still "
                             f"{open_now}", turn.where("player"))
        hand = table.hands[table.player]
        where = turn.where("discard") or turn.where("player")
        if turn.discard == "technical-return":
            rulings.rule("discard.technical-return", "4.5", "the Technical Return card is "
                         "never counted for the hand limit and is kept separately", where)
        elif len(hand) > rules.hand_limit and turn.discard is None:
            rulings.rule("discard.missing", "4.4", f"{table.player} ends the turn with "
                         f"{len(hand)} cards: discard one to keep {rules.hand_limit}", where)
        elif turn.discard is not None and len(hand) <= rules.hand_limit:
            rulings.rule("discard.not-over", "4.4", f"{table.player} holds {len(hand)} cards, "
                         f"not more than {rules.hand_limit}: no discard", where)
        elif turn.discard is not None and turn.discard not in hand:
            rulings.rule("discard.not-held", "4.4", f"{table.player} holds no {turn.discard} "
                         f"card (hand: {', '.join(hand)})", where)
        elif turn.discard is not None:
            hand.remove(turn.discard)
            table.discards.append(turn.discard)
        release_stuck(self.tables, table)

    def fork(self, table: Table) -> Table:
        """Return a copy of the table to try actions on."""
        return table.copy()

    def actions(self, log: TurnLog) -> Iterator[TurnAction]:
        """Return the record's turns as actions, in order."""
        for turn in log.turns:
            yield Begin(turn)
            for action in turn.actions:
                yield Step(action)
            yield End(turn)

    def legal_actions(self, table: Table) -> Iterable[TurnAction]:
        """Return the actions open now (:mod:`.actions`)."""
        return open_actions(self.tables, table)
