"""Search over the published index: chunks, BM25, the e5 embedder and Chroma vectors, fusion, glossary, articles."""
