"""Rules: quantitative rules extracted with langextract (offline patterns or Gemini), grounded to characters."""
