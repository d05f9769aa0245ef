"""The pipeline: incoming documents → the document store → a new index build, published atomically."""
