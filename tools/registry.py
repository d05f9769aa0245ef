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
from typing import Any, get_args, get_type_hints

from pydantic import BaseModel, ConfigDict, ValidationError, create_model

from indexes.errors import QuycheError
from tools.carry_over_tools import calculate_carry_over
from tools.context import ToolContext
from tools.daily_pay_tools import calculate_daily_pay
from tools.errors import ToolFailure
from tools.leave_tools import calculate_leave
from tools.loan_tools import (
    calculate_advance,
    calculate_loan_eligibility,
    calculate_loan_limit,
    calculate_loan_repayment,
)
from tools.notice_tools import calculate_notice_end
from tools.overtime_tools import calculate_night_work_pay, calculate_overtime_pay
from tools.personal_leave_tools import calculate_personal_leave
from tools.probation_tools import calculate_probation_end, calculate_probation_pay
from tools.rule_tools import lookup_rules
from tools.search_tools import lookup_article, search
from tools.thirteenth_month_tools import calculate_thirteenth_month
from tools.training_tools import calculate_training_repayment
from tools.tree_tools import expand_node, navigate_tree
from tools.trip_support_tools import calculate_trip_support
from tools.trip_tools import calculate_trip_allowance
from tools.unit_amount_tools import calculate_unit_amount

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

    @cached_property
    def result_types(self) -> tuple[type[BaseModel], ...]:
        """The tool's own result models (its return annotation without ``ToolFailure``)."""
        returned = get_type_hints(self.fn)["return"]
        models = tuple(t for t in get_args(returned) or (returned,) if t is not ToolFailure)
        if not models or not all(issubclass(t, BaseModel) for t in models):
            raise TypeError(f"{self.tool_name} must return 'Model | ToolFailure', not {returned}")
        return models

    def parse_result(self, data: dict[str, Any]) -> BaseModel:
        """A stored result (JSON) back into its typed model."""
        if "error" in data:
            return ToolFailure.model_validate(data)
        for model in self.result_types[:-1]:
            try:
                return model.model_validate(data)
            except ValidationError:
                continue
        return self.result_types[-1].model_validate(data)


ALL: list[ToolSpec] = [
    ToolSpec(navigate_tree),
    ToolSpec(expand_node),
    ToolSpec(lookup_rules),
    ToolSpec(search),
    ToolSpec(lookup_article),
    ToolSpec(calculate_leave),
    ToolSpec(calculate_probation_end),
    ToolSpec(calculate_probation_pay),
    ToolSpec(calculate_overtime_pay),
    ToolSpec(calculate_night_work_pay),
    ToolSpec(calculate_personal_leave),
    ToolSpec(calculate_notice_end),
    ToolSpec(calculate_carry_over),
    ToolSpec(calculate_trip_allowance),
    ToolSpec(calculate_loan_repayment),
    ToolSpec(calculate_loan_limit),
    ToolSpec(calculate_loan_eligibility),
    ToolSpec(calculate_advance),
    ToolSpec(calculate_trip_support),
    ToolSpec(calculate_training_repayment),
    ToolSpec(calculate_unit_amount),
    ToolSpec(calculate_daily_pay),
    ToolSpec(calculate_thirteenth_month),
]
BY_NAME: dict[str, ToolSpec] = {t.tool_name: t for t in ALL}


@dataclass(frozen=True)
class ToolRun:
    """One tool call: its name, arguments, typed result (the tool's model or a ``ToolFailure``) and time."""

    name: str
    args: dict[str, Any]
    result: BaseModel
    duration_ms: float = 0.0

    @property
    def error(self) -> str | None:
        return self.result.error if isinstance(self.result, ToolFailure) else None

    @property
    def ok(self) -> bool:
        return not isinstance(self.result, ToolFailure)

    def result_json(self) -> dict[str, Any]:
        return self.result.model_dump(mode="json")

    def record(self) -> dict[str, Any]:
        """The JSON form kept in the graph's (checkpointed) state and in traces."""
        return {
            "name": self.name,
            "args": self.args,
            "result": self.result_json(),
            "duration_ms": self.duration_ms,
        }

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> ToolRun:
        spec = BY_NAME.get(record["name"])
        data = record["result"]
        try:
            result = spec.parse_result(data) if spec else ToolFailure.model_validate(data)
        except ValidationError:
            result = ToolFailure(error="unreadable_result", message=str(data)[:200])
        return cls(record["name"], record.get("args", {}), result, record.get("duration_ms", 0.0))


def run_tool(ctx: ToolContext, name: str, args: dict[str, Any] | str | None) -> ToolRun:
    """Validate the arguments and run a tool; every failure comes back as a ``ToolFailure`` value."""
    started = time.perf_counter()
    raw_args = args

    def done(result: BaseModel) -> ToolRun:
        elapsed = round((time.perf_counter() - started) * 1000, 2)
        parsed = raw_args if isinstance(raw_args, dict) else {"raw": raw_args}
        return ToolRun(name, parsed, result, elapsed)

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
