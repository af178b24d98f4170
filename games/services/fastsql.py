"""The move path's three statements as SQL written once per process (PostgreSQL), not compiled per move.

Profiling a move showed Django compiling the same three queries every time: locking the game with its
seats (a join with a deferred column and a JSON key, FOR UPDATE OF the game), inserting the event and
updating the game, about half of the service's CPU. The statements below are built from the models'
fields the first time they are needed, so they follow the models; values still pass through each
field's own conversion (JSON, dates), and rows become model instances as the ORM would make them.
SQLite keeps the ORM path (services/common.py): its locking is the whole file anyway.
"""
from django.db import connection

from games.models import Game, GameEvent, Seat

_GAME_DEFERRED = ("rules",)   # several kilobytes of card data; rulesets need only its "key"
_statements = {}


def available():
    return connection.vendor == "postgresql"


def _quote(name):
    return connection.ops.quote_name(name)


def _loaded(model, deferred=()):
    return [f for f in model._meta.concrete_fields if f.name not in deferred]


def _converters(fields):
    found = []
    for index, field in enumerate(fields):
        for converter in field.get_db_converters(connection):
            found.append((index, converter, field))
    return found


def _lock_statement():
    statement = _statements.get("lock")
    if statement is None:
        seat_fields, game_fields = _loaded(Seat), _loaded(Game, _GAME_DEFERRED)
        columns = [f"s.{_quote(f.column)}" for f in seat_fields] + [f"g.{_quote(f.column)}" for f in game_fields]
        sql = (
            f"SELECT {', '.join(columns)}, (g.{_quote('rules')} ->> 'key') "
            f"FROM {_quote(Seat._meta.db_table)} s INNER JOIN {_quote(Game._meta.db_table)} g "
            f"ON s.{_quote(Seat._meta.get_field('game').column)} = g.{_quote(Game._meta.pk.column)} "
            f"WHERE s.{_quote(Seat._meta.get_field('game').column)} = %s "
            f"ORDER BY s.{_quote('position')} FOR UPDATE OF g"
        )
        statement = _statements["lock"] = (sql, seat_fields, game_fields, _converters(seat_fields),
                                            _converters(game_fields))
    return statement


def _convert(values, converters):
    for index, converter, field in converters:
        values[index] = converter(values[index], field, connection)
    return values


def lock_game_with_seats(game_id):
    """(locked game, seats in position order) as services.common.lock_game_with_seats, or None if no seat."""
    sql, seat_fields, game_fields, seat_converters, game_converters = _lock_statement()
    with connection.cursor() as cursor:
        cursor.execute(sql, [game_id])
        rows = cursor.fetchall()
    if not rows:
        return None
    width = len(seat_fields)
    first = rows[0]
    game = Game.from_db(connection.alias, [f.attname for f in game_fields],
                        _convert(list(first[width:-1]), game_converters))
    game.rules_key = first[-1]
    names = [f.attname for f in seat_fields]
    seats = []
    for row in rows:
        seat = Seat.from_db(connection.alias, names, _convert(list(row[:width]), seat_converters))
        seat.game = game
        seats.append(seat)
    return game, seats


def insert_event(**values):
    """A new GameEvent row (as GameEvent.objects.create(**values), without signals: none are connected)."""
    event = GameEvent(**values)
    statement = _statements.get("insert")
    if statement is None:
        fields = [f for f in GameEvent._meta.concrete_fields if f is not GameEvent._meta.pk]
        sql = (f"INSERT INTO {_quote(GameEvent._meta.db_table)} ({', '.join(_quote(f.column) for f in fields)}) "
               f"VALUES ({', '.join(['%s'] * len(fields))}) RETURNING {_quote(GameEvent._meta.pk.column)}")
        statement = _statements["insert"] = (sql, fields)
    sql, fields = statement
    params = [f.get_db_prep_save(f.pre_save(event, True), connection) for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        event.pk = cursor.fetchone()[0]
    event._state.adding = False
    event._state.db = connection.alias
    return event


def update_game(game, field_names):
    """game.save(update_fields=field_names), with the statement kept per set of fields."""
    key = ("update", tuple(field_names))
    statement = _statements.get(key)
    if statement is None:
        fields = [Game._meta.get_field(name) for name in field_names]
        assignments = ", ".join(f"{_quote(f.column)} = %s" for f in fields)
        sql = f"UPDATE {_quote(Game._meta.db_table)} SET {assignments} WHERE {_quote(Game._meta.pk.column)} = %s"
        statement = _statements[key] = (sql, fields)
    sql, fields = statement
    params = [f.get_db_prep_save(f.pre_save(game, False), connection) for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, params + [game.pk])
