"""The club's vocabulary: value types and enums that every layer may read, texts included.

Nothing here reads the database, the clock or Telegram; it imports only ``scoring``.
"""
