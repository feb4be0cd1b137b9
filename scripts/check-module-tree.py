#!/usr/bin/env python3
"""The module tree rule of docs/architecture.md: in every folder of a crate's src/, the sibling
modules (the folder's files and sub-folders) form a DAG, and no module is placed with #[path].

usage: scripts/check-module-tree.py [--edges] [SRC_DIR ...]   (default: crates/*/src)

The circles still being taken apart are listed in scripts/module-tree-known.txt, one
`folder: {a, b, c}` a line: such a circle is reported but passes, and a listed circle that is
gone fails the check until its line is deleted (the list only shrinks).

A module refers to a sibling `x` when its text (comments included: a doc link is a reference a
reader follows; tests left out) names `super::x` (from a file of a sub-folder, one `super::` per
level more) or `crate::<folder path>::x`. Each circle is printed with the references between its
members (--edges prints every reference). Exit status 1 when there is a circle or a #[path].
"""
import glob
import os
import re
import sys

ENTRY = ("mod.rs", "lib.rs", "main.rs")


def strip_tests(text):
    # Everything from the first `#[cfg(test)]` on is a test module in this codebase.
    return re.split(r"#\[cfg\(test\)\]", text)[0]


def module_files(folder, name, kinds):
    """The source files of sibling `name` in `folder`: its file `name.rs`, and the whole tree
    of its folder `name/` (a module may have both: `x.rs` with its children in `x/`)."""
    has_file, has_dir = kinds
    out = [os.path.join(folder, name + ".rs")] if has_file else []
    if not has_dir:
        return out
    for root, dirs, files in os.walk(os.path.join(folder, name)):
        dirs[:] = [d for d in dirs if "test" not in d]
        out += [os.path.join(root, f) for f in files if f.endswith(".rs") and "test" not in f]
    return out


def siblings(folder):
    mods = {}
    for f in os.listdir(folder):
        p = os.path.join(folder, f)
        if f.endswith(".rs") and f not in ENTRY and "test" not in f:
            file, folder_ = mods.get(f[:-3], (False, False))
            mods[f[:-3]] = (True, folder_)
        elif os.path.isdir(p) and "test" not in f:
            file, folder_ = mods.get(f, (False, False))
            mods[f] = (file, True)
    return mods


def refs(text, crate_prefix, name, depth):
    """Does `text` (of a file `depth` folders below the sibling level) refer to sibling `name`?"""
    supers = r"\bsuper::" * (depth + 1)
    pats = [supers + re.escape(name) + r"\b", re.escape(crate_prefix) + re.escape(name) + r"\b"]
    return any(re.search(p, text) for p in pats)


def check(src, show_edges):
    bad = []
    for root, dirs, _ in os.walk(src):
        dirs[:] = [d for d in dirs if "test" not in d]
        mods = siblings(root)
        rel = os.path.relpath(root, src)
        prefix = "crate::" + ("" if rel == "." else rel.replace(os.sep, "::") + "::")
        graph = {m: {} for m in mods}
        for m, kinds in mods.items():
            for path in module_files(root, m, kinds):
                try:
                    # Comments count: a doc link to a sibling is a reference a reader follows.
                    text = strip_tests(open(path, encoding="utf-8").read())
                except OSError:
                    continue
                depth = os.path.relpath(os.path.dirname(path), root).count(os.sep) + (
                    0 if os.path.dirname(path) == root else 1
                )
                if os.path.basename(path) == "mod.rs" and os.path.dirname(path) != root:
                    depth -= 1
                for other in mods:
                    if other != m and refs(text, prefix, other, depth):
                        graph[m].setdefault(other, os.path.relpath(path))
        if show_edges:
            for m, outs in sorted(graph.items()):
                for o, where in sorted(outs.items()):
                    print(f"  {os.path.join(src, rel)}: {m} -> {o}   ({where})")
        for cycle in circles(graph):
            closing = [f"{a} -> {b} ({graph[a][b]})" for a in cycle for b in cycle if b in graph[a]]
            bad.append((f"{os.path.join(src, rel)}: {{{', '.join(cycle)}}}", "; ".join(closing)))
    for path in glob.glob(os.path.join(src, "**", "*.rs"), recursive=True):
        for n, line in enumerate(open(path, encoding="utf-8"), 1):
            if re.match(r"\s*#\[path\s*=", line):
                bad.append((f"{path}:{n}", "#[path] places a module outside the tree"))
    return bad


def circles(graph):
    """Strongly connected components of more than one module (Tarjan), each as a cycle order."""
    index, low, stack, on, out, n = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = n[0]
        n[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def main():
    args = sys.argv[1:]
    show = "--edges" in args
    srcs = [a for a in args if a != "--edges"] or sorted(glob.glob("crates/*/src"))
    known_file = os.path.join(os.path.dirname(os.path.abspath(__file__)), "module-tree-known.txt")
    known = set()
    if os.path.exists(known_file):
        for line in open(known_file, encoding="utf-8"):
            line = line.split("#", 1)[0].strip()
            if line:
                known.add(line)
    found = []
    for src in srcs:
        found += check(src, show)
    failing, listed = 0, 0
    for key, why in found:
        if key in known:
            print(f"known, being taken apart: {key}: {why}")
            listed += 1
        else:
            print(f"{key}: {why}")
            failing += 1
    for gone in sorted(known - {k for k, _ in found}):
        print(f"{gone}: listed in module-tree-known.txt but gone: delete its line")
        failing += 1
    print(f"module tree: {failing} fault(s), {listed} known, in {len(srcs)} crate(s)")
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
