"""The one list of tools. The LangGraph agent and the MCP server both register tools from ``ALL``.

A tool is a plain typed function ``fn(ctx, **args) -> Model | ToolFailure``; its docstring is what the model
reads to choose it, its ``Annotated[..., Field(...)]`` arguments become the JSON schema. Adding a tool = one
function + one line in ``ALL``.
"""

from __future__ import annotations

import inspect
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, get_type_hints

from pydantic import BaseModel, ConfigDict, ValidationError, create_model

from indexes.errors import QuycheError
from tools.context import ToolContext
from tools.errors import ToolFailure
from tools.leave_tools import calculate_leave
from tools.rule_tools import lookup_rules
from tools.search_tools import lookup_article, search
from tools.tree_tools import expand_node, navigate_tree

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ToolSpec:
    fn: Callable[..., BaseModel]
    name: str = field(default="")

    @property
    def tool_name(self) -> str:
        return self.name or self.fn.__name__

    @property
    def description(self) -> str:
        return inspect.cleandoc(self.fn.__doc__ or "")

    @cached_property
    def args_model(self) -> type[BaseModel]:
        """A pydantic model of the arguments (everything but ``ctx``)."""
        hints = get_type_hints(self.fn, include_extras=True)
        fields: dict[str, Any] = {}
        for name, param in inspect.signature(self.fn).parameters.items():
            if name == "ctx":
                continue
            default = ... if param.default is inspect.Parameter.empty else param.default
            fields[name] = (hints[name], default)
        return create_model(f"{self.tool_name}_args", __config__=ConfigDict(extra="forbid"), **fields)

    def json_schema(self) -> dict:
        return self.args_model.model_json_schema()


ALL: list[ToolSpec] = [
    ToolSpec(navigate_tree),
    ToolSpec(expand_node),
    ToolSpec(lookup_rules),
    ToolSpec(search),
    ToolSpec(lookup_article),
    ToolSpec(calculate_leave),
]
BY_NAME: dict[str, ToolSpec] = {t.tool_name: t for t in ALL}


@dataclass
class ToolRun:
    name: str
    args: dict[str, Any]
    result: dict[str, Any]
    duration_ms: float

    @property
    def error(self) -> str | None:
        return self.result.get("error") if isinstance(self.result, dict) else None


def run_tool(ctx: ToolContext, name: str, args: dict[str, Any] | str | None) -> ToolRun:
    """Validate the arguments and run a tool; every failure comes back as a ``ToolFailure`` value."""
    started = time.perf_counter()
    raw_args = args

    def done(result: BaseModel) -> ToolRun:
        elapsed = round((time.perf_counter() - started) * 1000, 2)
        parsed = raw_args if isinstance(raw_args, dict) else {"raw": raw_args}
        return ToolRun(name, parsed, result.model_dump(mode="json"), elapsed)

    spec = BY_NAME.get(name)
    if spec is None:
        return done(
            ToolFailure(error="unknown_tool", message=f"no tool {name!r}; tools: {', '.join(BY_NAME)}")
        )
    if isinstance(args, str):
        try:
            args = json.loads(args or "{}")
        except json.JSONDecodeError as exc:
            return done(
                ToolFailure(error="invalid_arguments", message=f"arguments are not valid JSON: {exc}")
            )
    if not isinstance(args, dict | None):
        return done(ToolFailure(error="invalid_arguments", message="arguments must be a JSON object"))
    try:
        validated = spec.args_model.model_validate(args or {})
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or 'arguments'}: {e['msg']}" for e in exc.errors()
        )
        return done(ToolFailure(error="invalid_arguments", message=f"{name}: {problems}"))
    try:
        result = spec.fn(ctx, **validated.model_dump())
    except QuycheError as exc:
        result = ToolFailure(error="tool_error", message=str(exc))
    except Exception as exc:  # a bug must not end the conversation: log it, tell the model
        log.exception("tool %s failed", name)
        result = ToolFailure(error="internal_error", message=f"{name} failed: {type(exc).__name__}: {exc}")
    return done(result)
