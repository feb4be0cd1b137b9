#!/usr/bin/env python3
"""Generates the mojibake evaluation set (docs/mojibake.md, "Evaluation").

Sentences written for textscope (never ftfy's test cases) go through each chain, once and
twice, in CSV, log and HTML shapes; look-alikes (correct text that looks odd) go in unchanged.
Two disjoint pools: `tune` (rules were adjusted while looking at it) and `holdout` (never
looked at while tuning). Output: JSON lines {split, kind, chain, shape, input, expected}.

Usage: gen.py OUT.jsonl
"""
import codecs
import json
import sys

# Undefined bytes decode to the C1 control of the same value, as WHATWG (encoding_rs) does.
codecs.register_error("c1", lambda e: (chr(e.object[e.start]), e.start + 1))

CHAINS = {
    "windows-1252": "cp1252",
    "ISO-8859-1": "latin-1",
    "windows-1250": "cp1250",
    "ISO-8859-2": "iso8859_2",
    "windows-1251": "cp1251",
    "macintosh": "mac_roman",
    "IBM437": "cp437",
}

TUNE = [
    "Le café crème coûte 3,50 € à la brasserie près de l'église.",
    "Nous avons dégusté une bûche de Noël très sucrée.",
    "Die Straße in München ist für Fußgänger gesperrt.",
    "Jürgen hat die Prüfung über Ökologie bestanden.",
    "El niño pidió una piña colada en la playa de Cádiz.",
    "¿Dónde está la estación de tren? ¡Qué lejos!",
    "A informação sobre a educação em São Paulo está disponível.",
    "Não há solução para o coração partido, disse João.",
    "Zażółć gęślą jaźń, powiedział pan Łukasz w Łodzi.",
    "Příliš žluťoučký kůň úpěl ďábelské ódy.",
    "Árvíztűrő tükörfúrógép a műhelyben.",
    "Şoförün çantası Ağrı dağında kayboldu.",
    "Smørrebrød og rødgrød med fløde på Ærø.",
    "Göteborg och Malmö ligger i södra Sverige.",
    "Привет, как дела? Всё хорошо, спасибо.",
    "Москва — столица России, а Київ — столиця України.",
    "Καλημέρα σας, πώς είστε σήμερα;",
    "Tiếng Việt là ngôn ngữ của người Việt Nam.",
    "东京是日本的首都，人口很多。",
    "日本語の文章をテストします。",
    "한국어 문장을 시험합니다.",
    "He said “hello” — and then… nothing at all.",
    "It’s 25 °C today, ±2 degrees; 5 × 3 = 15.",
    "Great job 👍 see you tomorrow 🎉",
]

HOLDOUT = [
    "La pâtisserie du coin vend des éclairs et des crêpes flambées.",
    "Où est passé le garçon qui réparait les vélos ?",
    "Der Bäcker öffnet um sechs Uhr, außer sonntags.",
    "Österreichische Küche schätzt man für Knödel und Strudel.",
    "La señora Muñoz compró café y azúcar en la tienda.",
    "Os irmãos viajaram de avião para Goiânia no verão.",
    "Cześć, jak się masz? Dziękuję, dobrze.",
    "Dobrý den, kde je nádraží a pošta?",
    "Gyönyörű időnk van ma Budapesten.",
    "Bu güzel şehirde çok öğrenci yaşıyor.",
    "Fjörður og jökull eru íslensk orð.",
    "Blåbærsyltetøy smaker godt på vaffel.",
    "Санкт-Петербург расположен на берегу Невы.",
    "Добрий вечір, ми з України.",
    "Η Αθήνα είναι η πρωτεύουσα της Ελλάδας.",
    "Chúng tôi đang học lập trình ở Hà Nội.",
    "上海的天气今天很好。",
    "カタカナとひらがなを混ぜて書きます。",
    "서울은 대한민국의 수도입니다.",
    "She wrote ‘maybe’ – then crossed it out…",
    "The recipe needs ½ cup of sugar and 200 µl of vanilla © 2024.",
    "Price: £12.99 or ¥1500, tax included ™",
    "Let’s meet at the café 😀 around noon",
    "Ça va? Très bien, merci beaucoup!",
]

LOOKALIKES = {
    "tune": [
        "SÃO PAULO FUTEBOL CLUBE — INFORMAÇÃO AO PÚBLICO",
        "CORAÇÃO, AÇÕES, NÃO, MÃE, IRMÃO",
        "Hà Nội, Huế, Đà Nẵng và Thành phố Hồ Chí Minh",
        "25°C ± 0,5°C; 10 µm × 3; x² − y²; ¼ + ½ = ¾",
        "Total £5.00 (€6.20); © ACME ® ™ §4 ¶2",
        "\"Ã©\" is what é becomes when UTF-8 is read as Latin-1.",
        "Smørrebrød på Ærø, Åse og Øystein",
        "«Ёлки-палки» — сказал он в СССР»",
        "╔════════╗\n║ MENU   ║\n╚════════╝",
        "ÉTÉ À PARIS: DÉJÀ VU, CAFÉ’S",
        "non\u00a0breaking\u00a0space\u00a0: oui\u00a0!",
        "ВІН ДІМ ВІДПОВІДЬ УКРАЇНА",
    ],
    "holdout": [
        "AVIÃO, CAMINHÃO, LIMÃO E PÃO",
        "Người Việt ăn phở và bánh mì ở Sài Gòn",
        "Temperatura: −5 °C; área 3 m²; 1 µs; 7 ± 1",
        "Costs £3 or €4; ®, ©, ° and § are symbols",
        "`Ã¨` is the mojibake of è, just as `Ã¶` is ö.",
        "Åre, Östersund, Ängelholm, Ølen, Æbeltoft",
        "ПРИВЕТ, МИР! «ЭТО» — ТЕСТ",
        "┌──────┬──────┐\n│ name │ size │\n└──────┴──────┘",
        "ÇA VA? TRÈS BIEN, À DEMAIN",
        "Straße, Größe, Maß — ÄÖÜ äöü ß",
        "ΑΘΗΝΑ, ΘΕΣΣΑΛΟΝΙΚΗ",
        "ДІЛО, ВІКНО, ГІРКИЙ",
    ],
}


def garble(text, codec):
    return text.encode("utf-8").decode(codec, errors="c1")


def shapes(text, n):
    """The same text in a CSV row, a log line and an HTML paragraph."""
    quoted = text.replace('"', '""')
    yield "csv", f'id,name,note\n{n},"{quoted}",ok\n'
    yield "log", f"2024-03-0{n % 9 + 1} 12:{n % 60:02d}:07 INFO import: {text}\n"
    yield "html", f"<li class=\"row\">\n  <p>{text}</p>\n</li>\n"


def rows():
    for split, pool in (("tune", TUNE), ("holdout", HOLDOUT)):
        for n, clean in enumerate(pool):
            for shape, doc in shapes(clean, n):
                yield dict(split=split, kind="clean", chain="", shape=shape, input=doc, expected=doc)
                for name, codec in CHAINS.items():
                    once = garble(doc, codec)
                    if once != doc:
                        yield dict(split=split, kind="once", chain=name, shape=shape, input=once, expected=doc)
                    twice = garble(once, codec)
                    if twice != once:
                        yield dict(split=split, kind="twice", chain=name, shape=shape, input=twice, expected=doc)
        for n, look in enumerate(LOOKALIKES[split]):
            for shape, doc in shapes(look, n):
                yield dict(split=split, kind="lookalike", chain="", shape=shape, input=doc, expected=doc)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "set.jsonl"
    n = 0
    with open(out, "w", encoding="utf-8") as f:
        for r in rows():
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
            n += 1
    print(f"{n} rows -> {out}")


if __name__ == "__main__":
    main()
