"""navigate_tree and expand_node: walking the PageIndex-style heading tree of each document."""

from __future__ import annotations

import difflib
import re
from typing import Annotated

from pydantic import BaseModel, Field

from indexes.location import Location
from indexes.sources.tree_model import TreeNode
from indexes.text import fold
from tools.context import ToolContext
from tools.errors import Suggestion, ToolFailure
from tools.output_limits import clip


class DocumentInfo(BaseModel):
    doc_id: str
    title: str
    description: str
    node_count: int
    scope: str


class NodeInfo(BaseModel):
    node_id: str
    title: str
    summary: str
    line_start: int
    line_end: int
    child_count: int


class DocumentList(BaseModel):
    documents: list[DocumentInfo]


class NodeChildren(BaseModel):
    doc_id: str
    node: NodeInfo
    title_path: list[str]
    children: list[NodeInfo]


class NodeText(Location):
    doc_title: str
    text: str
    children: list[str]


def _key(node_id: str) -> str:
    return re.sub(r"[\s_]+", "_", fold(node_id.strip()))


def resolve_node(ctx: ToolContext, node_id: str) -> TreeNode | ToolFailure:
    """The node with this id; ids differing only in case, spaces or diacritics resolve too."""
    nodes = ctx.visible_nodes
    if node_id in nodes:
        return nodes[node_id]
    wanted = _key(node_id)
    match = next((n for nid, n in nodes.items() if _key(nid) == wanted), None)
    if match is not None:
        return match
    return ToolFailure(
        error="unknown_node_id",
        message=f"no node with id {node_id!r}; use one of the suggested ids or navigate_tree to list ids",
        suggestions=nearest_nodes(nodes, node_id),
    )


def nearest_nodes(nodes: dict[str, TreeNode], wanted: str, k: int = 3) -> list[Suggestion]:
    key = _key(wanted)
    doc = key.split(":", 1)[0]
    scored = []
    for nid, node in nodes.items():
        score = difflib.SequenceMatcher(None, key, _key(nid)).ratio()
        score = max(score, difflib.SequenceMatcher(None, key.split(":")[-1], fold(node.title)).ratio())
        if _key(nid).startswith(doc + ":"):
            score += 0.1
        scored.append((score, nid))
    return [Suggestion(node_id=nid, title=nodes[nid].title) for _, nid in sorted(scored, reverse=True)[:k]]


def _info(node: TreeNode, limit: int) -> NodeInfo:
    return NodeInfo(
        node_id=node.node_id,
        title=node.title,
        summary=clip(node.summary, limit),
        line_start=node.line_start,
        line_end=node.line_end,
        child_count=len(node.children),
    )


def navigate_tree(
    ctx: ToolContext,
    doc_id: Annotated[str | None, Field(description="Document id; omit to list all documents.")] = None,
    node_id: Annotated[
        str | None, Field(description="Node id whose children to list (overrides doc_id).")
    ] = None,
) -> DocumentList | NodeChildren | ToolFailure:
    """Browse the regulations' table of contents. Without arguments: every document with its description.
    With doc_id: the document's top sections; with node_id: that section's sub-sections. Each entry has its
    node id, title, a short summary and line range (no full text: call expand_node for that)."""
    if not doc_id and not node_id:
        docs = [ctx.store.documents[d] for d in ctx.visible_documents()]
        return DocumentList(
            documents=[
                DocumentInfo(
                    doc_id=d.doc_id,
                    title=d.title,
                    description=d.description,
                    node_count=d.node_count,
                    scope=d.tenant,
                )
                for d in docs
            ]
        )
    target = resolve_node(ctx, node_id or doc_id or "")
    if isinstance(target, ToolFailure):
        if not node_id:
            target.error = "unknown_doc_id"
            target.message = f"no document {doc_id!r}; known: {', '.join(ctx.visible_documents())}"
        return target
    per_child = max(120, ctx.settings.max_tool_output_chars // max(1, len(target.children)) - 150)
    return NodeChildren(
        doc_id=target.doc_id,
        node=_info(target, 400),
        title_path=target.title_path,
        children=[_info(c, per_child) for c in target.children],
    )


def expand_node(
    ctx: ToolContext,
    node_id: Annotated[str, Field(description="Id of the node to read, e.g. 'noi_quy_lao_dong:dieu-6'.")],
) -> NodeText | ToolFailure:
    """Read one section in full: its text with document, title path and line range, and its children's ids.
    An unknown id returns error 'unknown_node_id' with the nearest valid ids."""
    node = resolve_node(ctx, node_id)
    if isinstance(node, ToolFailure):
        return node
    return NodeText(
        node_id=node.node_id,
        doc_id=node.doc_id,
        doc_title=ctx.store.documents[node.doc_id].title,
        title=node.title,
        title_path=node.title_path,
        line_start=node.line_start,
        line_end=node.line_end,
        text=clip(node.text, ctx.settings.max_tool_output_chars),
        children=[c.node_id for c in node.children],
    )
