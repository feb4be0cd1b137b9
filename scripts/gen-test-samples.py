#!/usr/bin/env python3
"""Writes crates/textscope/tests/data/legacy/: the project's own sentences (written for
textscope, no other source) encoded with Python's codecs in the code pages the detector must
name (SPEC D11, D12). File names are LANG.PAGE.txt, PAGE being textscope's name for the page.

Run from the repository root:  python3 scripts/gen-test-samples.py
"""
import os

S = {
    "fr": "Le café était très animé ce matin-là ; les élèves répétaient leurs leçons à voix haute, et la maîtresse, déçue, soupirait.",
    "de": "Die Straßenbahn fuhr über die Brücke, während die Kinder fröhlich Lieder sangen und die Mütter Kuchen backten.",
    "es": "El señor García comió paella en la playa; después, la niña pidió un café y una tostada con jamón. ¿Quién pagó la cuenta?",
    "pt": "A avó da Conceição preparou um pão delicioso; as crianças comeram depressa e saíram para o jardim às três horas.",
    "sv": "Den gamla fiskaren gick ut på sjön varje morgon och väntade tålmodigt på att dimman skulle lätta över vattnet.",
    "hu": "Az öreg halász minden reggel kiment a tóra, és türelmesen várta, hogy a hűvös szél elűzze a ködöt a víz fölül.",
    "pl": "Wczoraj wieczorem poszliśmy na spacer nad rzekę, gdzie łabędzie pływały spokojnie, a dzieci karmiły je chlebem.",
    "cs": "Včera večer jsme šli na procházku k řece, kde labutě klidně plavaly a děti je krmily chlebem.",
    "ru": "Вчера вечером мы гуляли по набережной, смотрели на корабли и разговаривали о том, что будет летом.",
    "uk": "Учора ввечері ми гуляли набережною, дивилися на кораблі й розмовляли про те, що буде влітку.",
    "el": "Χθες το βράδυ περπατήσαμε στην παραλία, κοιτάξαμε τα πλοία και μιλήσαμε για το καλοκαίρι.",
    "tr": "Dün akşam sahilde yürüdük, gemilere baktık ve yazın neler yapacağımızı konuştuk; çok güzeldi.",
    "he": "אתמול בערב טיילנו לאורך החוף, הסתכלנו על האניות ודיברנו על מה שיקרה בקיץ.",
    "ar": "مشينا أمس في المساء على طول الشاطئ، ونظرنا إلى السفن وتحدثنا عما سيحدث في الصيف.",
    "lt": "Vakar vakare vaikščiojome pakrante, žiūrėjome į laivus ir kalbėjomės apie tai, kas bus vasarą.",
    "mt": "Il-bieraħ filgħaxija mxejna ħdejn il-baħar, ħarisna lejn id-dgħajjes żgħar u tkellimna dwar x'se nagħmlu fis-sajf li ġej; iċ-ċikkulata kienet tajba ħafna.",
    "eo": "Hieraŭ vespere ni promenis laŭ la marbordo, rigardis la ŝipojn kaj babilis pri tio, kion ni faros dum la somero; eĉ la ĥoro, kiu kantis ĵaŭde, ĝojis.",
    "et": "Eile õhtul jalutasime mööda randa, vaatasime laevu ja rääkisime sellest, mis suvel juhtub; šokolaad oli hea ja žürii kiitis seda.",
    "th": "เมื่อวานตอนเย็นเราเดินเล่นริมชายหาด ดูเรือ และคุยกันเรื่องฤดูร้อนที่จะมาถึง",
    "ja": "昨日の夕方、私たちは海岸を散歩して、船を眺めながら夏の予定について話しました。",
    "zh": "昨天傍晚，我们沿着海边散步，看着船只，谈论着夏天的计划。",
    "zt": "昨天傍晚，我們沿著海邊散步，看著船隻，談論著夏天的計劃。",
    "ko": "어제 저녁에 우리는 해변을 따라 산책하면서 배를 구경하고 여름 계획에 대해 이야기했습니다.",
}

# (language, Python codec, textscope's name)
CASES = [
    ("fr", "cp1252", "windows-1252"), ("fr", "cp850", "IBM850"), ("fr", "mac_roman", "macintosh"),
    ("de", "cp1252", "windows-1252"), ("de", "cp437", "IBM437"), ("es", "cp1252", "windows-1252"),
    ("pt", "cp1252", "windows-1252"), ("sv", "cp1252", "windows-1252"),
    ("hu", "cp1250", "windows-1250"), ("hu", "iso8859_2", "ISO-8859-2"),
    ("pl", "cp1250", "windows-1250"), ("pl", "iso8859_2", "ISO-8859-2"), ("pl", "mac_latin2", "x-mac-ce"),
    ("cs", "cp1250", "windows-1250"),
    ("ru", "cp1251", "windows-1251"), ("ru", "koi8_r", "KOI8-R"), ("ru", "cp866", "IBM866"),
    ("ru", "iso8859_5", "ISO-8859-5"), ("ru", "cp855", "IBM855"),
    ("uk", "koi8_u", "KOI8-U"), ("uk", "cp1251", "windows-1251"),
    ("el", "cp1253", "windows-1253"), ("el", "iso8859_7", "ISO-8859-7"), ("el", "cp737", "IBM737"),
    ("tr", "cp1254", "windows-1254"), ("tr", "cp857", "IBM857"),
    ("he", "cp1255", "windows-1255"), ("he", "cp862", "IBM862"),
    ("ar", "cp1256", "windows-1256"), ("ar", "iso8859_6", "ISO-8859-6"),
    ("lt", "cp1257", "windows-1257"), ("lt", "cp775", "IBM775"),
    ("th", "cp874", "windows-874"), ("th", "tis_620", "TIS-620"),
    ("ja", "shift_jis", "Shift_JIS"), ("ja", "euc_jp", "EUC-JP"), ("zh", "gbk", "GBK"),
    ("zt", "big5", "Big5"), ("ko", "euc_kr", "EUC-KR"), ("ko", "johab", "Johab"),
    ("ja", "iso2022_jp", "ISO-2022-JP"), ("ko", "iso2022_kr", "ISO-2022-KR"),
    ("mt", "iso8859_3", "ISO-8859-3"), ("eo", "iso8859_3", "ISO-8859-3"),
    ("et", "iso8859_13", "ISO-8859-13"), ("he", "cp424", "IBM424"),
]
# A page whose sample needs more than the sentence: Hebrew in IBM424 writes every letter
# below 80, so a sentence of letters alone would be 7-bit (and so UTF-8, D1); its digits
# (F0–F9) are above.
MORE = {("he", "IBM424"): " 2026"}


def main():
    out = "crates/textscope/tests/data/legacy/"
    os.makedirs(out, exist_ok=True)
    for lang, codec, name in CASES:
        text = (S[lang] + MORE.get((lang, name), "") + "\n") * 3
        with open(os.path.join(out, f"{lang}.{name}.txt"), "wb") as f:
            f.write(text.encode(codec))


if __name__ == "__main__":
    main()
