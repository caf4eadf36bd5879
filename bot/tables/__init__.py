"""Table owners: the only modules that write their tables (tests/bot/test_table_owners.py).

Each module owns one table family and offers functions that take the open transaction
(``bot.core.db.Transaction``), so that a caller composes several owners' writes in one
``async with database.transaction() as tx``. Each keeps the one mapping between its rows and
the club's values. Reads that only one feature needs may live with that feature; writes may not.
"""
