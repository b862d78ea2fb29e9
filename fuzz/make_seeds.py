#!/usr/bin/env python3
"""Writes the small seed inputs of fuzz/seeds/ from the bundled data.

libFuzzer mutates its inputs byte by byte and runs fastest on small ones (a few KiB), while
the bundled templates and catalogs are 15 to 170 KiB. This script cuts them into small,
valid inputs that keep every kind of entry and field:
  seeds/design/   per template: one server of each model with the leaf it is wired to,
                  the leaf's uplinks to one spine, and the template's analysis block;
  seeds/catalog/  one file per entry of catalogs/*.json (header + that one entry);
  seeds/prices/   catalogs/prices.json with the i-th row of each section and its sources.
Run it after the bundled data changes: python3 fuzz/make_seeds.py (developers only; the
build, the tests and CI only read the files it wrote).
"""
import glob
import json
import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def write(path, doc):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(doc, f, indent=1, sort_keys=True)
        f.write("\n")


def design_seeds(out):
    for path in sorted(glob.glob(os.path.join(ROOT, "resources/templates/*.json"))):
        doc = json.load(open(path))
        stem = os.path.splitext(os.path.basename(path))[0]
        nodes = {n["id"]: n for n in doc["nodes"]}
        links = doc["links"]
        seen_models = set()
        for n in doc["nodes"]:
            if n["kind"] != "server" or n["model"] in seen_models:
                continue
            seen_models.add(n["model"])
            keep = {n["id"]}
            mine = [l for l in links if n["id"] in (l["a"]["node"], l["b"]["node"])][:2]
            for l in mine:
                keep |= {l["a"]["node"], l["b"]["node"]}
            leaves = [i for i in keep if nodes[i]["kind"] == "switch"]
            up = [l for l in links if leaves and leaves[0] in (l["a"]["node"], l["b"]["node"])
                  and nodes[l["a"]["node"]].get("tier") != nodes[l["b"]["node"]].get("tier")
                  and l not in mine and all(nodes[e]["kind"] == "switch" for e in (l["a"]["node"], l["b"]["node"]))][:1]
            for l in up:
                keep |= {l["a"]["node"], l["b"]["node"]}
            small = {k: v for k, v in doc.items() if k not in ("nodes", "links")}
            small["nodes"] = [nodes[i] for i in sorted(keep)]
            small["links"] = mine + up
            write(os.path.join(out, f"{stem}-{n['model']}.json"), small)


# Fields of a server or switch that name another catalog entry, and the section it is in.
REFERENCES = {"gpu": "gpus", "compute_nic": "nics", "storage_nic": "nics", "nvswitch": "nvswitches", "asic": "switch_asics"}


def catalog_seeds(out):
    docs = [json.load(open(p)) for p in sorted(glob.glob(os.path.join(ROOT, "catalogs/*.json")))]
    docs = [d for d in docs if d.get("format") == "cluster-designer-catalog"]
    by_id = {(section, e["id"]): e for d in docs for section, entries in d.items() if isinstance(entries, list) for e in entries}
    for doc in docs:
        header = {k: v for k, v in doc.items() if not isinstance(v, list)}
        for section, entries in doc.items():
            if not isinstance(entries, list):
                continue
            for e in entries:
                small = dict(header, **{section: [e]})
                # Bring the entries it references, so the strict load gets past validateReferences.
                for field, target in REFERENCES.items():
                    ref = by_id.get((target, e.get(field)))
                    if ref is not None:
                        small.setdefault(target, []).append(ref)
                write(os.path.join(out, f"{section}-{e['id']}.json"), small)


def price_seeds(out, count=8):
    doc = json.load(open(os.path.join(ROOT, "catalogs/prices.json")))
    sections = ["purchase", "rent", "node_power", "pue"]
    for i in range(count):
        small = {k: v for k, v in doc.items() if k not in sections + ["sources", "electricity"]}
        used = set()
        for s in sections:
            row = doc[s][i % len(doc[s])]
            small[s] = [row]
            used.add(row["source"])
        elec = dict(doc["electricity"])
        elec["states"] = elec["states"][i % len(elec["states"]):][:2]
        used.add(elec["source"])
        small["electricity"] = elec
        small["sources"] = {k: v for k, v in doc["sources"].items() if k in used}
        write(os.path.join(out, f"prices-{i}.json"), small)


def main():
    for name, fn in (("design", design_seeds), ("catalog", catalog_seeds), ("prices", price_seeds)):
        out = os.path.join(HERE, "seeds", name)
        shutil.rmtree(out, ignore_errors=True)
        fn(out)
        print(f"{name}: {len(os.listdir(out))} seeds")


if __name__ == "__main__":
    main()
