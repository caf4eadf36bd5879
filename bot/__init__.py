"""The Telegram bot application: settings, storage, services and the entry point."""
