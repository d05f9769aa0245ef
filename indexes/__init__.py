"""Reading, storing and searching the regulations. The base modules here (settings, errors, text, dates, tokens)
are shared by every sub-package: sources → store → search | rules → tree → pipeline, imports only run leftwards."""
