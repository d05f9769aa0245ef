"""The calculator's answer and steps in English, written from the result's numbers (the Vietnamese wording is
the calculator's own): an English question gets English framing, units and explanation."""

from __future__ import annotations

from tools.leave_calculator import LeaveResult, fmt_days


def days_en(value: float) -> str:
    return f"{fmt_days(value).replace(',', '.')} day" + (
        "" if value == 1 else "s"
    )  # English: a decimal point


def english_answer(r: LeaveResult) -> str:
    as_of = f"{r.as_of:%d/%m/%Y}"
    if r.status == "left_during_probation":
        return "You left before being confirmed, so the probation period earns no annual leave: 0 days."
    if r.status == "probation":
        return (
            f"As of {as_of} you are still on probation, so no leave can be used yet (0 days); "
            f"{days_en(r.accrued_days)} have accrued and will be credited when you are confirmed."
        )
    carried = f", plus {days_en(r.carried_over_days)} from {r.as_of.year - 1}" if r.carried_over_days else ""
    taken = f", {days_en(r.days_taken)} already taken" if r.days_taken else ""
    return (
        f"As of {as_of} you have {days_en(r.remaining_days)} of annual leave you can use "
        f"({r.months_this_year} months of {r.as_of.year} × {days_en(r.monthly_rate)} per month{carried}{taken})."
    )


def english_year_answer(r: LeaveResult) -> str:
    if r.status == "left_during_probation":
        return english_answer(r)
    whole = (
        ""
        if r.entitlement_this_year >= r.annual_entitlement
        else f" (pro rata to the months worked; a full year is {days_en(r.annual_entitlement)})"
    )
    return (
        f"For {r.as_of.year} you are entitled to {days_en(r.entitlement_this_year)} of annual leave{whole}. "
        f"As of {r.as_of:%d/%m/%Y}, {days_en(r.remaining_days)} can be used."
    )


def english_steps(r: LeaveResult) -> list[str]:
    steps = [
        f"Service (probation included) starts {r.service_start:%d/%m/%Y}; computed as of {r.as_of:%d/%m/%Y}."
    ]
    if r.status == "left_during_probation":
        return [*steps, "Left before confirmation: the probation period earns no annual leave."]
    steps.append(
        f"Yearly entitlement: {days_en(r.annual_entitlement - r.seniority_bonus_days)} + seniority "
        f"{days_en(r.seniority_bonus_days)} ({r.seniority_years} years of service) = {days_en(r.annual_entitlement)}."
    )
    steps.append(f"Accrual: {days_en(r.monthly_rate)} for each month that counts.")
    months = ", ".join(r.months_counted) or "no month has ended yet"
    steps.append(f"Months counted ({len(r.months_counted)}): {months}.")
    if r.carried_over_days:
        steps.append(f"{days_en(r.carried_over_days)} carried over from last year are still usable.")
    if r.status == "probation" and r.confirmation_date:
        steps.append(
            f"On probation until {r.confirmation_date:%d/%m/%Y}: the {days_en(r.accrued_days)} accrued are "
            "credited on confirmation."
        )
    elif r.confirmation_date and r.confirmation_date > r.service_start:
        steps.append(f"Confirmed on {r.confirmation_date:%d/%m/%Y}: the probation months are credited.")
    if r.days_taken:
        steps.append(f"Already taken {days_en(r.days_taken)}: {days_en(r.remaining_days)} remain.")
    if r.entitlement_this_year < r.annual_entitlement:
        steps.append(f"Pro-rata entitlement for {r.as_of.year}: {days_en(r.entitlement_this_year)}.")
    return steps


def with_english(r: LeaveResult) -> LeaveResult:
    return r.model_copy(
        update={
            "answer_en": english_answer(r),
            "answer_year_en": english_year_answer(r),
            "steps_en": english_steps(r),
        }
    )
