"""Storage: the SQLite document store (documents, versions, tenants) and the published index folder."""
