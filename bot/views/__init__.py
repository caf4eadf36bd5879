"""What people see: texts (Russian, HTML-escaped) and keyboards, one module per screen family."""
