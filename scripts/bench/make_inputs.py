#!/usr/bin/env python3
"""Realistic inputs for scripts/bench-peers.sh, made once into DIR.

Each input is prose (or log lines) generated word by word with a fixed-seed PRNG, with the
punctuation each script really uses, so that a kernel meets the characters real files hold:

  utf8-log.txt            ASCII log lines of varied length, LF
  utf8-multilingual.txt   paragraphs in English, French, German, Spanish, Russian, Greek,
                          Chinese, Japanese and Korean, some lines mixing two scripts, a few
                          emoji; curly quotes, dashes and ellipses (— – … “ ” ‘ ’ « »),
                          full-width and ideographic punctuation (，。、「」！？：；（）), LF
  utf16le-latin-crlf.txt  UTF-16LE with a mark, CRLF, English, French, German and Spanish prose
  utf16le-cjk.txt         UTF-16LE with a mark, Chinese and Japanese prose, LF
  utf32le-mixed.txt       UTF-32LE without a mark, the multilingual paragraphs
  cp1252-prose.txt        windows-1252 French, German and English prose (its curly quotes,
                          dashes and ellipsis are the bytes 85, 91-97), CRLF
  problem-dense.txt       UTF-8 log lines with a control character or NUL about every 100 bytes
  one-line.txt            one line of varied ASCII words, no ending at all

and a tree of SMALL_FILES files of 1-4 KiB (every format above, cut at a character boundary).

Lines are long and short: one paragraph a line (up to a few thousand characters), or wrapped
at 60-100 columns, headings, short dialogue lines and empty lines between paragraphs. Every word
list below was written for this script (no text is taken from elsewhere). The inputs are
remade when this file changes (its hash is kept beside them).

    make_inputs.py DIR SIZE_MIB SMALL_FILES
"""
import hashlib
import os
import random
import sys

d, mib, nsmall = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
os.makedirs(d, exist_ok=True)
size = mib << 20
rng = random.Random(20261207)
with open(__file__, "rb") as f:
    VERSION = hashlib.sha256(f.read()).hexdigest()[:16]

WORDS = ("request handled server client cache miss hit user session token upload download "
         "queue worker retry timeout connection closed opened database query index table "
         "row column shard replica leader follower election heartbeat checksum").split()

# Latin-script prose: common words of each language, a few names, and the language's quotes.
EN = ("the of and to in that it was for on with as he she they at by this from had not but "
      "what all were when we there can an your which their said if do will each about how up "
      "out them then many some so these would other into has more her two like him see time "
      "could no make than first been its who now people my made over did down only way find "
      "use may water long little very after words called just where most know get through "
      "back much before go good new write our used me man too any day same right look think "
      "also around another came come work three word must because does part even place well "
      "such here take why things help put years different away again off went old number "
      "great tell men say small every found still between name should home big give air line "
      "set own under read last never us left end along while might next sound below saw "
      "something thought both few those always looked show large often together asked house "
      "world going want school important until form food keep children feet land side "
      "without boy once animals life enough took sometimes four head above kind began almost "
      "live page got earth need far hand high year mother light parts country father let "
      "night following picture being study second eyes soon times story boys since white "
      "days ever paper hard near sentence better best across during today others however sure "
      "means knew try told young miles sun ways thing whole hear example heard several change "
      "answer room sea against top turned learn point city play toward five using himself "
      "usually river morning letter harbour winter garden").split()
EN_NAMES = "Margaret Thomas Eleanor Oliver Harriet Samuel Edith Arthur Lydia Walter".split()
EN_CONTR = "don’t it’s I’m isn’t wasn’t couldn’t we’ll they’re you’ve she’d that’s o’clock".split()
FR = ("le la les un une des du de et à en dans pour sur avec sans sous par chez vers mais ou "
      "donc car ni que qui dont où ce cette ces son sa ses leur nous vous ils elles il elle "
      "est était sera fut avait avoir être faire dire voir venir prendre savoir pouvoir "
      "falloir vouloir aller temps jour année maison rue ville pays homme femme enfant père "
      "mère ami lettre matin soir nuit hiver été printemps automne mer rivière jardin fenêtre "
      "porte table livre chemin église école marché café hôtel théâtre forêt château "
      "déjà très trop peu beaucoup encore toujours jamais souvent aussi ainsi même "
      "première dernière grande petite belle vieille nouvelle longue légère heureux "
      "là-bas aujourd’hui peut-être quelqu’un c’est n’est qu’il l’homme d’abord "
      "été élève côté fête forêt naïve crème brûlée où âme cœur sœur œuvre").split()
FR_NAMES = "Mathilde Étienne Hélène François Geneviève Aurélien Cécile Noël".split()
DE = ("der die das und in zu den von mit sich des auf für ist im dem nicht ein eine als auch "
      "es an er hat aus bei sind noch nach wird einer um am sie über so zum war haben nur oder "
      "aber vor zur bis mehr durch man sein wurde wenn können alle wie dann ihre gegen "
      "Jahr Jahre Zeit Stadt Haus Weg Tag Nacht Morgen Abend Winter Sommer Fenster Garten "
      "Straße Brücke Fluss Schule Kirche Markt Bahnhof Zimmer Tür Brief Buch Mädchen Junge "
      "Mutter Vater Freund Bäcker Fußgänger Größe Übermaß Äpfel Öfen Grüße schön müde "
      "früh spät groß klein alt neu lang kurz weiß schwarz grün hätte wäre würde müssen "
      "dürfen mögen gehen kommen sehen stehen liegen sagen fragen öffnen schließen").split()
DE_NAMES = "Jürgen Käthe Lothar Ursula Björn Friederike Günther Änne".split()
ES = ("el la los las un una de del y a en que por con para sin sobre entre hasta desde como "
      "pero más muy ya también siempre nunca todavía aquí allí después antes casa calle "
      "ciudad pueblo río mar montaña jardín ventana puerta mesa libro carta mañana tarde "
      "noche invierno verano año niño niña señor señora corazón canción camino pequeño "
      "grande viejo nuevo largo había tenía dijo hizo vio fue está están estaba será "
      "decía quería sabía podía café pájaro árbol música él también así además").split()
ES_NAMES = "Begoña Andrés Inés Ramón Lucía Joaquín Mónica Íñigo".split()

# Cyrillic and Greek.
RU = ("и в не на я что он с как а то все она так его но да ты к у же вы за бы по только её "
      "мне было вот от меня ещё нет о из ему теперь когда даже ну вдруг ли если уже или "
      "ни быть был него до вас нибудь опять уж вам ведь там потом себя ничего ей может они "
      "тут где есть надо ней для мы тебя их чем была сам чтоб без будто человек чего раз "
      "тоже себе под жизнь будет тогда кто этот говорил того потому этого какой совсем "
      "город улица дом окно дверь письмо книга утро вечер ночь зима лето река море сад "
      "дорога старый новый большой маленький хороший первый последний").split()
EL = ("και το να η ο της του τα με που σε δεν για την τον θα από στο είναι ένα στην των "
      "μου αλλά στη τι όταν ήταν μια πολύ σαν ή τους έχει αυτό όλα ακόμα εδώ εκεί τώρα "
      "πόλη δρόμος σπίτι παράθυρο πόρτα γράμμα βιβλίο πρωί βράδυ νύχτα χειμώνας καλοκαίρι "
      "θάλασσα ποτάμι κήπος παλιός καινούργιος μεγάλος μικρός όμορφος πρώτος τελευταίος").split()

# Chinese: words of one to four characters, written without spaces.
ZH = ("我们 他们 今天 明天 时候 城市 街道 房子 窗户 门口 信件 书本 早上 晚上 冬天 夏天 河流 "
      "大海 花园 老人 孩子 朋友 母亲 父亲 学校 市场 车站 工作 生活 问题 办法 消息 天气 "
      "已经 还是 可是 因为 所以 如果 虽然 但是 于是 只是 终于 突然 慢慢 一直 常常 "
      "看见 听说 知道 觉得 希望 开始 回来 出去 发现 准备 决定 记得 忘记 相信 需要 "
      "的 了 在 是 有 和 也 都 就 不 很 这 那 一个 这个 那个 什么 怎么 为什么 自己 "
      "北京 上海 广州 长江 黄河 中国 世界 历史 文化 科学 技术 经济 社会 新闻 电影 音乐 "
      "春节 中秋 月亮 太阳 山上 水边 雨水 风声 灯光 茶馆 饭店 火车 飞机 地铁").split()
ZH_TITLES = "红楼梦 西游记 论语 诗经 史记 新华字典 人民日报".split()
# Japanese: kanji, hiragana and katakana words.
JA = ("私 彼 彼女 今日 明日 時間 町 通り 家 窓 手紙 本 朝 夜 冬 夏 川 海 庭 子供 友達 "
      "母 父 学校 市場 駅 仕事 生活 問題 天気 電車 東京 大阪 京都 日本 世界 歴史 文化 "
      "は が を に で と も の から まで より へ や "
      "行きました 来ました 見ました 思います 言いました 知っています 始めました "
      "帰りました 待っていた 書いている 読んでいる 静かな 大きな 小さな 新しい 古い "
      "美しい 寒い 暑い 遠い 近い ゆっくり すぐに もう まだ とても 少し "
      "コーヒー テーブル ドア バス ホテル ニュース メール コンピューター ラーメン "
      "ファイル データ サーバー プログラム").split()
JA_TITLES = "雪国 坊っちゃん 吾輩は猫である 源氏物語 枕草子".split()
# Korean: Hangul words, spaces and ASCII punctuation.
KO = ("나는 우리는 그는 그녀는 오늘 내일 시간 도시 거리 집 창문 편지 책 아침 저녁 겨울 "
      "여름 강 바다 정원 아이 친구 어머니 아버지 학교 시장 역 일 생활 문제 날씨 "
      "서울 부산 한국 세계 역사 문화 갔습니다 왔습니다 보았습니다 생각합니다 말했습니다 "
      "알고 있습니다 시작했습니다 조용한 큰 작은 새로운 오래된 아름다운 추운 더운 "
      "천천히 곧 벌써 아직 아주 조금 그리고 그러나 그래서 하지만").split()
EMOJI = ["😀", "🚀", "👍", "✅", "🎉", "❤️", "🙏", "🌍", "👩‍💻", "📎"]


def cap(w):
    return w[:1].upper() + w[1:]


def latin_sentence(lang, words, names, open_q, close_q, inner=("‘", "’")):
    """A sentence of a Latin-script language, with its commas, dashes, quotes and ellipses."""
    n = rng.randint(4, 24)
    out = []
    for i in range(n):
        r = rng.random()
        if r < 0.05:
            w = rng.choice(names)
        elif lang == "en" and r < 0.09:
            w = rng.choice(EN_CONTR)
        elif r < 0.11:
            w = str(rng.choice([rng.randint(2, 99), rng.randint(1800, 2026)]))
        elif r < 0.115:
            # a price, a temperature, a number sign, an arrow
            w = rng.choice(["%d,%02d €" % (rng.randint(1, 500), rng.randint(0, 99)),
                            "£%d" % rng.randint(1, 900), "%d °C" % rng.randint(-20, 40),
                            "№ %d" % rng.randint(1, 99) if lang == "ru" else "n° %d" % rng.randint(1, 99),
                            "→", "±%d" % rng.randint(1, 9)])
        else:
            w = rng.choice(words)
        out.append(w)
        if i < n - 1:
            r = rng.random()
            if r < 0.08:
                out[-1] += ","
            elif r < 0.10:
                out.append("—" if lang in ("en", "es") else "–")
            elif r < 0.11:
                out[-1] += ";"
    s = " ".join(out)
    r = rng.random()
    if r < 0.10:
        # a quotation in the middle of the sentence
        q = " ".join(rng.choice(words) for _ in range(rng.randint(1, 6)))
        s = s + ", " + open_q + cap(q) + close_q
    elif r < 0.14:
        q = " ".join(rng.choice(words) for _ in range(rng.randint(1, 4)))
        s = s + " " + inner[0] + q + inner[1]
    elif r < 0.17:
        s = s + " (" + " ".join(rng.choice(words) for _ in range(rng.randint(1, 5))) + ")"
    end = rng.choices([".", ".", ".", ".", "?", "!", "…", ":"], k=1)[0]
    if lang == "es" and end in "?!":
        s = ("¿" if end == "?" else "¡") + s
    s = cap(s) + end
    if rng.random() < 0.12:
        # dialogue
        s = open_q + s + close_q
    return s


def en():
    return latin_sentence("en", EN, EN_NAMES, "“", "”")


def fr():
    return latin_sentence("fr", FR, FR_NAMES, "« ", " »", ("“", "”"))


def de():
    return latin_sentence("de", DE, DE_NAMES, "„", "“", ("‚", "‘"))


def es():
    return latin_sentence("es", ES, ES_NAMES, "«", "»", ("“", "”"))


def ru():
    return latin_sentence("ru", RU, ["Анна", "Пётр", "Наташа", "Иван"], "«", "»", ("„", "“"))


def el():
    return latin_sentence("el", EL, ["Ελένη", "Νίκος", "Μαρία"], "«", "»")


def ko():
    s = latin_sentence("ko", KO, ["민수", "지영", "철수"], "“", "”")
    return s.replace("…", "...")


def cjk_sentence(words, titles, japanese):
    """A Chinese or Japanese sentence: no spaces, full-width and ideographic punctuation."""
    parts = []
    for _ in range(rng.randint(1, 5)):  # clauses
        clause = "".join(rng.choice(words) for _ in range(rng.randint(2, 9)))
        r = rng.random()
        if r < 0.08:
            clause += ("『%s』" if japanese else "《%s》") % rng.choice(titles)
        elif r < 0.14:
            clause += "（%s）" % "".join(rng.choice(words) for _ in range(rng.randint(1, 3)))
        elif r < 0.18:
            clause += str(rng.randint(1, 2026)) + rng.choice(["年", "月", "日", "人", "%", "個" if japanese else "个"])
        elif r < 0.20:
            clause += rng.choice(["Wi-Fi", "CPU", "GPS", "USB", "PDF", "AI"])
        elif r < 0.23:
            clause += "・" if japanese else "——"
        parts.append(clause)
        parts.append(rng.choices(["，", "、", "；", "："], weights=[6, 3, 1, 1])[0]
                     if not japanese else rng.choices(["、", "，"], weights=[9, 1])[0])
    parts.pop()
    s = "".join(parts) + rng.choices(["。", "！", "？", "……"], weights=[12, 2, 2, 1])[0]
    if rng.random() < 0.15:
        s = ("「%s」" if japanese or rng.random() < 0.3 else "“%s”") % s
    return s


def zh():
    return cjk_sentence(ZH, ZH_TITLES, False)


def ja():
    return cjk_sentence(JA, JA_TITLES, True)


def emoji_maybe(s):
    if rng.random() < 0.05:
        s += " " + rng.choice(EMOJI)
    return s


def paragraph(sentence, joiner, mixed):
    """One paragraph of 1-12 sentences (`mixed`: with a few emoji)."""
    return joiner.join(emoji_maybe(sentence()) if mixed and rng.random() < 0.3 else sentence()
                       for _ in range(rng.randint(1, 12)))


def wrap(text, width, spaced):
    """Wraps `text` at about `width` characters (at spaces where the script has them)."""
    if not spaced:
        return [text[i:i + width] for i in range(0, len(text), width)]
    lines, line = [], ""
    for w in text.split(" "):
        if line and len(line) + 1 + len(w) > width:
            lines.append(line)
            line = w
        else:
            line = (line + " " + w) if line else w
    if line:
        lines.append(line)
    return lines


def prose_lines(langs, mixed=True):
    """A section of prose: a heading or not, paragraphs one a line or wrapped, empty lines;
    `mixed`: some paragraphs end with a phrase in another script, some sentences with emoji."""
    lang = rng.choice(langs)
    sentence, spaced = LANGS[lang]
    out = []
    if rng.random() < 0.3:
        h = sentence().rstrip(".。！？!?…:")
        out.append(("%d. " % rng.randint(1, 40)) + h[:rng.randint(8, 60)])
        out.append("")
    wrapped = rng.random() < 0.4
    width = rng.randint(30, 45) if not spaced else rng.randint(60, 100)
    for _ in range(rng.randint(1, 6)):
        if rng.random() < 0.15:
            # a short line of dialogue or a list item
            out.append(rng.choice(["— ", "- ", "* ", ""]) + sentence())
            continue
        p = paragraph(sentence, " " if spaced else "", mixed)
        if mixed and rng.random() < 0.1:
            # a foreign name or phrase in another script
            other, _ = LANGS[rng.choice(list(LANGS))]
            p += (" " if spaced else "") + other()
        out.extend(wrap(p, width, spaced) if wrapped else [p])
        if rng.random() < 0.6:
            out.append("")
    return "\n".join(out) + "\n"


LANGS = {
    "en": (en, True), "fr": (fr, True), "de": (de, True), "es": (es, True),
    "ru": (ru, True), "el": (el, True), "ko": (ko, True),
    "zh": (zh, False), "ja": (ja, False),
}


def multi_lines():
    return prose_lines(["en", "fr", "de", "es", "ru", "el", "zh", "zh", "ja", "ko"])


def latin_lines():
    return prose_lines(["en", "en", "fr", "de", "es"], mixed=False)


def cjk_lines():
    return prose_lines(["zh", "zh", "ja"], mixed=False)


def cp1252_lines():
    # Only what windows-1252 holds: the Latin prose of French, German and English.
    return prose_lines(["fr", "de", "en"], mixed=False).replace("→", "->")


def log_line():
    ts = "2026-%02d-%02dT%02d:%02d:%02d.%03dZ" % (
        rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23), rng.randint(0, 59),
        rng.randint(0, 59), rng.randint(0, 999))
    level = rng.choice(["INFO", "INFO", "INFO", "WARN", "DEBUG", "ERROR"])
    msg = " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 14)))
    return "%s %s %s id=%d ms=%d path=/api/v%d/%s\n" % (
        ts, level, msg, rng.randint(0, 10**9), rng.randint(0, 5000), rng.randint(1, 3),
        rng.choice(WORDS))


def dense_line():
    line = log_line()
    out = []
    for i, ch in enumerate(line):
        out.append(ch)
        if i % 100 == 57:
            out.append(rng.choice(["\x00", "\x07", "\x1b", "\x7f"]))
    return "".join(out)


def one_line_chunk():
    return " ".join(rng.choice(WORDS + EN) for _ in range(200)) + " "


INPUTS = [
    ("utf8-log.txt", log_line, "utf-8", b"", False),
    ("utf8-multilingual.txt", multi_lines, "utf-8", b"", False),
    ("utf16le-latin-crlf.txt", latin_lines, "utf-16-le", b"\xff\xfe", True),
    ("utf16le-cjk.txt", cjk_lines, "utf-16-le", b"\xff\xfe", False),
    ("utf32le-mixed.txt", multi_lines, "utf-32-le", b"", False),
    ("cp1252-prose.txt", cp1252_lines, "cp1252", b"", True),
    ("problem-dense.txt", dense_line, "utf-8", b"", False),
    ("one-line.txt", one_line_chunk, "utf-8", b"", False),
]


def block(gen, enc, crlf, target):
    """About `target` bytes of encoded lines (a block is repeated to fill large files)."""
    out, n = [], 0
    while n < target:
        s = gen()
        if crlf:
            s = s.replace("\n", "\r\n")
        b = s.encode(enc)
        out.append(b)
        n += len(b)
    return b"".join(out)


stamp = os.path.join(d, ".inputs-%s-%d" % (VERSION, mib))
if not os.path.exists(stamp):
    for name, gen, enc, bom, crlf in INPUTS:
        # 8 MiB of distinct text, repeated: varied enough for the caches and predictors, and
        # quick to make at 1 GiB. The same seed per input, whatever the order.
        rng.seed("%s-%d" % (name, 20261207))
        b = block(gen, enc, crlf, min(size, 8 << 20))
        with open(os.path.join(d, name), "wb") as f:
            f.write(bom)
            written = len(bom)
            while written < size:
                f.write(b)
                written += len(b)
    for old in os.listdir(d):
        if old.startswith(".inputs-"):
            os.remove(os.path.join(d, old))
    open(stamp, "w").close()

small = os.path.join(d, "small")
marker = os.path.join(small, ".complete-%s-%d" % (VERSION, nsmall))
if not os.path.exists(marker):
    rng.seed(20261207)
    os.makedirs(small, exist_ok=True)
    for i in range(nsmall):
        name, gen, enc, bom, crlf = INPUTS[i % (len(INPUTS) - 1)]  # no one-line files here
        want = rng.randint(1024, 4096)
        text = ""
        while len(text.encode(enc)) < want:
            text += gen().replace("\n", "\r\n") if crlf else gen()
        data = bom + text.encode(enc)
        # cut at a character boundary: drop characters until the encoding fits
        while len(data) > want:
            text = text[:-max(1, (len(data) - want) // 4)]
            data = bom + text.encode(enc)
        sub = os.path.join(small, "%03d" % (i // 1000))
        os.makedirs(sub, exist_ok=True)
        with open(os.path.join(sub, "%05d-%s" % (i, name)), "wb") as f:
            f.write(data)
    for old in os.listdir(small):
        if old.startswith(".complete-"):
            os.remove(os.path.join(small, old))
    open(marker, "w").close()
