"""Clubs joining and leaving the bot, the operators' approvals and list, and which club a
person speaks of in private."""
