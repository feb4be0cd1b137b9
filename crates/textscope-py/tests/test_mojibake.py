"""textscope.fix_mojibake: ftfy's fix_encoding shape over the core's mojibake rules
(docs/mojibake.md M1-M8), on strings written for these tests."""

import textscope


def test_once_and_twice_encoded_runs_are_repaired():
    assert textscope.fix_mojibake("cafÃ© crÃ¨me") == "café crème"
    assert textscope.fix_mojibake("naÃƒÂ¯ve") == "naïve"
    assert textscope.fix_mojibake("ÐŸÑ€Ð¸Ð²ÐµÑ‚") == "Привет"


def test_text_that_only_looks_odd_is_left_alone():
    for s in [
        "São Paulo e INFORMAÇÃO",
        "Tiếng Việt có dấu",
        "x² ± 3 × µ, 20 °C, £5",
        "plain ASCII",
        "",
    ]:
        assert textscope.fix_mojibake(s) == s


def test_the_result_is_a_str():
    assert isinstance(textscope.fix_mojibake("Ã©"), str)
