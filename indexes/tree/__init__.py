"""Tree retrieval: a model (or its lexical stand-in) reasons down the heading trees; its decision cache."""
