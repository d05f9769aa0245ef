"""Sources: markdown, RST, MkDocs sites, combined files and JSON documents → one Document and one heading tree."""
