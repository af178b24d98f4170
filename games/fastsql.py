"""The hottest statements as SQL written once per process, on PostgreSQL and on SQLite: a move's (lock the
game with its seats; insert the event and update the game), the only way a move reads and writes its rows,
and a seat list's (seats, which of them have a live socket, the game's few fields).

Why: compiling these queries through the ORM was about half of a move's CPU (the measurements are in
docs/live-bench-runs.md, "Why the channel layer and the hot statements are written so"). The statements are
built from the models' fields the first time they are needed, so they follow the models; values pass through
each field's own conversion and rows become model instances as the ORM would make them. On PostgreSQL they run
as server-side prepared statements with their parameters bound apart; SQLite has no row locks, its writers
take the whole file in turn.
"""
import functools
import time

from collections import namedtuple

import psycopg
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models.base import ModelState
from django.db.models.signals import post_init, pre_init
from django.db import connection as _proxy
from psycopg import adapters
from psycopg.pq import Format, TransactionStatus

from games.models import Game, GameEvent, Presence, Seat

_GAME_DEFERRED = ("rules",)   # several kilobytes of card data; rulesets need only its "key"
_statements = {}              # (vendor, name) -> statement and what reading its rows needs


def _db():
    # The connection itself, not django.db.connection's per-attribute lookup of the thread's connection:
    # a move touches it a few hundred times.
    return connections[DEFAULT_DB_ALIAS]


def _quote(name):
    return _proxy.ops.quote_name(name)


def _loaded(model, deferred=()):
    return [f for f in model._meta.concrete_fields if f.name not in deferred]


def _converters(fields, alias):
    """(index, converter, field) for every value of `fields` read from a row, backend's first, as the ORM."""
    found = []
    for index, field in enumerate(fields):
        column = field.get_col(alias)
        for converter in _proxy.ops.get_db_converters(column) + field.get_db_converters(_proxy):
            found.append((index, converter, column))
    return found


@functools.cache
def _fast_timestamp_loader(timezone_name):
    """psycopg's own (compiled) loader for `timestamptz`, where it gives what Django's would, else None.

    Django's loader, written in Python, sets the connection's time zone on each timestamp; with the session in
    UTC psycopg's compiled one returns the same values, much faster (docs/live-bench-runs.md).
    """
    if timezone_name != "UTC":
        return None
    oid = adapters.types["timestamptz"].oid
    return oid, adapters.get_loader(oid, Format.TEXT)


PIPELINE_BEGIN = True   # BEGIN sent with a transaction's first statement; False: apart (bench/move_path.py compares)


def _opens_transaction(pg):
    """Whether psycopg would send BEGIN before the next statement on `pg` (a transaction not yet begun)."""
    return PIPELINE_BEGIN and not pg.autocommit and pg.info.transaction_status == TransactionStatus.IDLE


def _execute(connection, sql, params, rows=True):
    """Run one statement in the current transaction; its rows if `rows`."""
    connection.ensure_connection()
    with connection.wrap_database_errors:
        if connection.vendor == "postgresql":
            started = time.monotonic()
            with psycopg.Cursor(connection.connection) as cursor:   # server-side binding, prepared
                loader = _fast_timestamp_loader(connection.timezone_name)
                if loader is not None:
                    cursor.adapters.register_loader(*loader)
                if _opens_transaction(connection.connection):
                    # The transaction's BEGIN goes out with this statement, in one round trip, not two.
                    with connection.connection.pipeline():
                        cursor.execute(sql, params, prepare=True)
                else:
                    cursor.execute(sql, params, prepare=True)
                found = cursor.fetchall() if rows else None
            if connection.queries_logged:   # DEBUG or a test counting queries: listed as Django's are
                connection.queries_log.append({"sql": sql, "time": f"{time.monotonic() - started:.3f}"})
            return found
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            return cursor.fetchall() if rows else None


def _statement(name, build):
    key = (_db().vendor, name)
    statement = _statements.get(key)
    if statement is None:
        statement = _statements[key] = build()
    return statement


def _build_lock():
    seat_fields, game_fields = _loaded(Seat), _loaded(Game, _GAME_DEFERRED)
    columns = [f"s.{_quote(f.column)}" for f in seat_fields] + [f"g.{_quote(f.column)}" for f in game_fields]
    game_fk = f"s.{_quote(Seat._meta.get_field('game').column)}"
    lock = " FOR UPDATE OF g FOR SHARE OF s" if _proxy.features.has_select_for_update_of else ""
    sql = (
        f"SELECT {', '.join(columns)}, (g.{_quote('rules')} ->> 'key') "
        f"FROM {_quote(Game._meta.db_table)} g JOIN {_quote(Seat._meta.db_table)} s "
        f"ON {game_fk} = g.{_quote(Game._meta.pk.column)} "
        f"WHERE g.{_quote(Game._meta.pk.column)} = %s "
        f"ORDER BY s.{_quote('position')}{lock}"
    )
    return sql, seat_fields, game_fields, _converters(seat_fields, "s"), _converters(game_fields, "g")


def _instance(model, connection, fields, values, converters):
    """A `model` instance from `values` (a row's slice for `fields`, in the model's order), as the ORM makes it."""
    values = list(values)
    for index, converter, column in converters:
        values[index] = converter(values[index], column, connection)
    attnames = [f.attname for f in fields]
    if _init_signals(model):
        return model.from_db(connection.alias, attnames, values)
    # What Model.from_db ends with, without __init__'s assignment of each field through its descriptor (an
    # eighth of a move's database thread for a game and its seats); a field left out stays deferred.
    instance = model.__new__(model)
    instance._state = state = ModelState()
    state.adding, state.db = False, connection.alias
    instance.__dict__.update(zip(attnames, values))
    return instance


def _init_signals(model):
    """Whether anything listens to `model`'s pre_init or post_init: then instances are made through __init__."""
    return pre_init.has_listeners(model) or post_init.has_listeners(model)


def _seats_of(game, rows, connection, seat_fields, seat_converters):
    """The seats at the start of each row (the rows of a game's seats), each pointing at `game`."""
    seats = []
    for row in rows:
        seat = _instance(Seat, connection, seat_fields, row[:len(seat_fields)], seat_converters)
        seat.game = game
        seats.append(seat)
    return seats


def lock_game_with_seats(game_id):
    """(the game, locked until the transaction ends, its seats in position order), or None if there is no
    such game or it has no seats (a row lock cannot reach into an outer join; no move is made in such a game).

    One statement: the game joined to its seats, FOR UPDATE OF the game row and FOR SHARE OF its seats; the
    rules are deferred and their key read (see FrozenRules). The seats' lock is what makes them current: a
    statement that waited for the game lock reads the rows of its snapshot, taken before the wait, except
    those it locks, which it reads as last committed. A seat that the previous holder of the game lock
    handed to a bot (autopilot set, the game row untouched) was otherwise read as a player's, and the
    game waited for a bot move nobody queued. A socket opening or closing (it locks its seat alone) waits
    for the move's commit, and a move for it: a millisecond or two."""
    sql, seat_fields, game_fields, seat_converters, game_converters = _statement("lock", _build_lock)
    connection = _db()
    rows = _execute(connection, sql, [game_id])
    if not rows:
        return None
    width = len(seat_fields)
    game = _instance(Game, connection, game_fields, rows[0][width:-1], game_converters)
    game.rules_key = rows[0][-1]
    return game, _seats_of(game, rows, connection, seat_fields, seat_converters)


def _build_insert(model):
    fields = [f for f in model._meta.concrete_fields if f is not model._meta.pk]
    sql = (f"INSERT INTO {_quote(model._meta.db_table)} ({', '.join(_quote(f.column) for f in fields)}) "
           f"VALUES ({', '.join(['%s'] * len(fields))}) RETURNING {_quote(model._meta.pk.column)}")
    return sql, fields


def _insert_statement(instance, connection):
    model = type(instance)
    sql, fields = _statement(("insert", model._meta.label), lambda: _build_insert(model))
    return sql, [f.get_db_prep_save(f.pre_save(instance, True), connection) for f in fields]


def _update_statement(game, field_names, connection):
    def build():
        fields = [Game._meta.get_field(name) for name in field_names]
        assignments = ", ".join(f"{_quote(f.column)} = %s" for f in fields)
        return (f"UPDATE {_quote(Game._meta.db_table)} SET {assignments} "
                f"WHERE {_quote(Game._meta.pk.column)} = %s", fields)

    sql, fields = _statement(("update", tuple(field_names)), build)
    return sql, [f.get_db_prep_save(f.pre_save(game, False), connection) for f in fields] + [game.pk]


def _saved(instance, pk, connection):
    instance.pk = pk
    instance._state.adding = False
    instance._state.db = connection.alias
    return instance


def _insert(instance):
    """`instance` saved as a new row (as Model.objects.create would, without signals: none are connected)."""
    connection = _db()
    sql, params = _insert_statement(instance, connection)
    return _saved(instance, _execute(connection, sql, params)[0][0], connection)


def insert_event(**values):
    """A new GameEvent row, as GameEvent.objects.create(**values)."""
    return _insert(GameEvent(**values))


def update_game(game, field_names):
    """game.save(update_fields=field_names), with the statement kept per set of fields."""
    connection = _db()
    _execute(connection, *_update_statement(game, field_names, connection), rows=False)


def _insert_and_update_statement(event, game, field_names, connection):
    """PostgreSQL: the insert and the update as one statement (the update in a data-modifying WITH, which
    runs to completion whether or not the outer query reads it), returning the event's id."""
    insert_sql, insert_params = _insert_statement(event, connection)
    update_sql, update_params = _update_statement(game, field_names, connection)

    def build():
        return f"WITH updated AS ({update_sql}) {insert_sql}"

    return _statement(("insert and update", tuple(field_names)), build), update_params + insert_params


def insert_event_and_update_game(field_names, **values):
    """insert_event(**values) then update_game(values["game"], field_names); on PostgreSQL in one statement and
    one round trip (each round trip costs the process as much CPU as a statement; psycopg's pipeline mode,
    tried before, spent more of it in its own loop)."""
    game, connection = values["game"], _db()
    if connection.vendor != "postgresql":
        event = insert_event(**values)
        update_game(game, field_names)
        return event
    event = GameEvent(**values)
    sql, params = _insert_and_update_statement(event, game, field_names, connection)
    return _saved(event, _execute(connection, sql, params)[0][0], connection)


def _build_seat_list(game_field_names):
    seat_fields = _loaded(Seat)
    # In the model's order, with its pk: Model.from_db reads a partial row that way.
    wanted = {Game._meta.pk.name, *game_field_names}
    game_fields = [f for f in Game._meta.concrete_fields if f.name in wanted]
    presence, seat_pk = Presence._meta, f"s.{_quote(Seat._meta.pk.column)}"
    columns = [f"s.{_quote(f.column)}" for f in seat_fields] + [f"g.{_quote(f.column)}" for f in game_fields]
    of_seat = f"FROM {_quote(presence.db_table)} p WHERE p.{_quote(presence.get_field('seat').column)} = {seat_pk}"
    last_seen = f"p.{_quote(presence.get_field('last_seen').column)}"
    # The last refresh of any of the seat's sockets, dead ones too (a sign of life: selectors.handover), then
    # whether one is alive.
    refreshed = f"(SELECT MAX({last_seen}) {of_seat})"
    live = f"EXISTS (SELECT 1 {of_seat} AND {last_seen} > %s)"
    game_fk = f"s.{_quote(Seat._meta.get_field('game').column)}"
    sql = (f"SELECT {', '.join(columns + [refreshed, live])} "
           f"FROM {_quote(Seat._meta.db_table)} s JOIN {_quote(Game._meta.db_table)} g "
           f"ON g.{_quote(Game._meta.pk.column)} = {game_fk} "
           f"WHERE {game_fk} = %s ORDER BY s.{_quote('position')}")
    return sql, seat_fields, game_fields, _converters(seat_fields, "s"), _converters(game_fields, "g")


def seat_list(game_id, game_field_names, live_since):
    """(the game with only `game_field_names`, or None when it has no seats; its seats in position order;
    the ids of those with a presence row refreshed after `live_since`), in one statement."""
    sql, seat_fields, game_fields, seat_converters, game_converters = _statement(
        ("seat list", tuple(game_field_names)), lambda: _build_seat_list(game_field_names))
    connection = _db()
    cutoff = Presence._meta.get_field("last_seen").get_db_prep_value(live_since, connection)
    rows = _execute(connection, sql, [cutoff, game_id])
    if not rows:
        return None, [], set()
    game = _instance(Game, connection, game_fields, rows[0][len(seat_fields):-2], game_converters)
    seats = _seats_of(game, rows, connection, seat_fields, seat_converters)
    converters = _converters([Presence._meta.get_field("last_seen")], "p")
    for seat, row in zip(seats, rows):
        # seat.last_refreshed: the last refresh of any of its sockets, or None (selectors.presence.last_signs_of_life)
        value = row[-2]
        for _index, converter, column in converters:
            value = converter(value, column, connection)
        seat.last_refreshed = value
    return game, seats, {seat.pk for seat, row in zip(seats, rows) if row[-1]}


# ---- a socket opened or closed: its seat locked, its presence row written --------------------------------

LockedSeat = namedtuple("LockedSeat", "seat_id game_id code status")


def _build_seat_lock(by):
    """The seat of an owner in a game (`by` "user" or "guest") or of a socket (`by` "presence"), with its
    game's code and status, FOR UPDATE OF the seat row only."""
    seat, game, presence = Seat._meta, Game._meta, Presence._meta
    seat_pk, game_fk = f"s.{_quote(seat.pk.column)}", f"s.{_quote(seat.get_field('game').column)}"
    sql = (f"SELECT {seat_pk}, {game_fk}, g.{_quote(game.get_field('code').column)}, "
           f"g.{_quote(game.get_field('status').column)} "
           f"FROM {_quote(seat.db_table)} s JOIN {_quote(game.db_table)} g ON g.{_quote(game.pk.column)} = {game_fk}")
    if by == "presence":
        sql += (f" JOIN {_quote(presence.db_table)} p ON p.{_quote(presence.get_field('seat').column)} = {seat_pk}"
                f" WHERE p.{_quote(presence.pk.column)} = %s")
    else:
        sql += f" WHERE {game_fk} = %s AND s.{_quote(seat.get_field(by).column)} = %s"
    return sql + (" FOR UPDATE OF s" if _proxy.features.has_select_for_update_of else "")


def _locked_seat(by, params):
    rows = _execute(_db(), _statement(("seat lock", by), lambda: _build_seat_lock(by)), params)
    return LockedSeat(*rows[0]) if rows else None


def lock_seat_of(game_id, identity):
    """The LockedSeat of `identity` in the game, locked until the transaction ends; None if not seated."""
    if identity.user_id is not None:
        return _locked_seat("user", [game_id, identity.user_id])
    if identity.guest_id is not None:
        return _locked_seat("guest", [game_id, identity.guest_id])
    return None


def lock_seat_of_socket(presence_id):
    """The LockedSeat of the socket whose presence row is `presence_id`, locked; None if the row is gone."""
    return _locked_seat("presence", [presence_id])


def insert_presence(seat_id, last_seen):
    """A new presence row for an opened socket of the seat; its id."""
    return _insert(Presence(seat_id=seat_id, last_seen=last_seen)).pk


def _build_forget_socket():
    presence, seat = Presence._meta, Seat._meta
    p_table, p_pk = _quote(presence.db_table), _quote(presence.pk.column)
    p_seat, p_seen = _quote(presence.get_field("seat").column), _quote(presence.get_field("last_seen").column)
    delete = f"DELETE FROM {p_table} WHERE {p_pk} = %s"
    # The socket's own row is left out by id: in one PostgreSQL statement the UPDATE does not see the DELETE.
    mark = (f"UPDATE {_quote(seat.db_table)} SET {_quote(seat.get_field('disconnected_at').column)} = %s "
            f"WHERE {_quote(seat.pk.column)} = %s AND NOT EXISTS (SELECT 1 FROM {p_table} p "
            f"WHERE p.{p_seat} = %s AND p.{p_pk} <> %s AND p.{p_seen} > %s)")
    return delete, mark


def forget_socket(presence_id, seat_id, now, live_since):
    """Delete the socket's presence row and, unless another socket of the seat refreshed after `live_since`
    is left, set the seat's disconnected_at to `now`: whether it was set. On PostgreSQL one statement."""
    delete, mark = _statement("forget socket", _build_forget_socket)
    connection = _db()
    seen = Presence._meta.get_field("last_seen")
    mark_params = [seen.get_db_prep_value(now, connection), seat_id, seat_id, presence_id,
                   seen.get_db_prep_value(live_since, connection)]
    if connection.vendor == "postgresql":
        sql = _statement("forget socket, one statement",
                         lambda: f"WITH gone AS ({delete}) {mark} RETURNING {_quote(Seat._meta.pk.column)}")
        return bool(_execute(connection, sql, [presence_id] + mark_params))
    _execute(connection, delete, [presence_id], rows=False)
    with connection.cursor() as cursor:   # the ORM's cursor reports the rows an UPDATE changed
        cursor.execute(mark, mark_params)
        return cursor.rowcount == 1
