"""The hostile-input campaigns of issue 35 (part 2), re-runnable: mutated rules files, illegal
answers, tampered saves, hostile web requests and language-server messages. Each prints its
counts; anything that is neither a clear refusal nor a normal result is listed.

    nice -n 10 python tools/hostile_campaigns.py mutants answers saves packs web lsp

The mutation kinds are the test suite's (tests/test_mutation_corpus.py); the counts this
printed are in docs/contributing.md ("Hostile inputs").
"""
from __future__ import annotations

import argparse
import json
import random
import shutil
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from interpreter import (  # noqa: E402
    CorruptSaveError,
    Game,
    IllegalDecisionError,
    RuleFaultError,
    RulesError,
    load_ruleset,
    make_bot,
)
from interpreter.core.saves import seal  # noqa: E402
from interpreter.loading import loader  # noqa: E402
from rulesdsl import EffectAbort  # noqa: E402

HANG_SECONDS = 60
COMBINATIONS = {  # the module sets of the campaigns, and where their files are
    "base": ([], "base"),
    "jewelry_box": (["jewelry_box"], "expansions/jewelry_box"),
    "du_barry": (["du_barry"], "solo/du_barry"),
    "masques": (["masques"], "solo/masques"),
}


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang(f"over {HANG_SECONDS} s")


def seats(rules, players: int) -> int:
    from interpreter.core.seats import seat_plan
    return len(seat_plan(rules, rules.humans or 1)) if rules.seat_kinds else players


def played(rules, seed: int, decisions: int) -> Game:
    game = Game.new(rules, players=seats(rules, 2 + seed % 3), seed=seed)
    bots = [make_bot("random", seed * 31 + s) for s in range(len(game.state["players"]))]
    for _ in range(decisions):
        if game.is_over():
            break
        d = game.decision()
        game.apply(bots[d.seat].choose(game, d))
    return game


# ---- 1. mutated rules files ------------------------------------------------------------------

def positioned(exc: RulesError) -> bool:
    errors = getattr(exc, "errors", [exc])
    return all(e.span.line >= 1 and e.span.file and not e.span.file.startswith("<")
               for e in errors)


def mutants(count: int, seed: int) -> Counter:
    """`count` mutants spread over the files of base, Jewelry Box, du Barry and Masques, each
    loaded with its module and, when it loads, played for 25 decisions."""
    import test_mutation_corpus as corpus
    copy = Path(tempfile.mkdtemp(prefix="campaign-")) / "rules"
    shutil.copytree(ROOT / "rules", copy)
    rules_dir, loader.RULES_DIR = loader.RULES_DIR, copy
    signal.signal(signal.SIGALRM, _alarm)
    files = [(name, expansions, path) for name, (expansions, folder) in COMBINATIONS.items()
             for path in sorted((copy / folder).glob("*.yaml"))]
    rng = random.Random(seed)
    seen: Counter = Counter()
    try:
        for i in range(count):
            name, expansions, path = files[i % len(files)]
            kind = rng.choice(sorted(corpus.KINDS))
            original = path.read_bytes()
            mutant = corpus.KINDS[kind](original.decode(), rng)
            path.write_bytes(mutant)
            signal.alarm(HANG_SECONDS)
            try:
                try:
                    rules = load_ruleset(expansions=expansions)
                except RulesError as exc:
                    seen["refused, positioned" if positioned(exc) else "refused, NO POSITION"] += 1
                    if not positioned(exc):
                        print(f"  {name} {path.name} {kind} #{i}: {str(exc)[:200]}")
                    continue
                try:
                    played(rules, i, 25)
                    seen["loaded and played"] += 1
                except (RulesError, EffectAbort) as exc:
                    seen["loaded, stopped in play with a positioned fault"] += 1
                    if isinstance(exc, RulesError) and exc.span.line < 1 and \
                            exc.span.file not in ("<game>", "<save>"):
                        print(f"  {name} {path.name} {kind} #{i}: unpositioned fault {exc}")
            except Exception as exc:  # noqa: BLE001 - the campaign lists every one
                seen["TRACEBACK"] += 1
                print(f"  {name} {path.name} {kind} #{i}: {type(exc).__name__}: "
                      f"{str(exc)[:200]}")
            finally:
                signal.alarm(0)
                path.write_bytes(original)
    finally:
        loader.RULES_DIR = rules_dir
        shutil.rmtree(copy.parent, ignore_errors=True)
    return seen


# ---- 2. illegal answers ----------------------------------------------------------------------

def snapshot(game) -> str:
    d = game.decision()
    return json.dumps([game.state, game.history, None if d is None else d.to_json()],
                      sort_keys=True)


def illegal(rng: random.Random, legal: list, how: str):
    """An answer that is not legal: an odd value, a legal one changed, an index out of range."""
    from test_answers_fuzz import ODD
    pick = rng.random()
    if how == "apply_index":
        return rng.choice([len(legal) + rng.randrange(100), -1 - rng.randrange(100), "0", 0.0,
                           None, rng.choice(ODD), [0], {"index": 0}, 10**100])
    if pick < 0.3 or not legal:
        return rng.choice(ODD)
    value = rng.choice(legal)
    if isinstance(value, dict) and value:
        changed = dict(value)
        key = rng.choice(sorted(changed))
        changed[key] = rng.choice([None, -1, 10**6, "x", [changed[key]], {"k": 1}, 0.5])
        if changed != value:
            return changed
    if isinstance(value, str):
        return rng.choice([value + "x", value.upper() + "_", "", " " + value, value[:-1]])
    return [value, value]


def answers(per_form: int, seed: int) -> Counter:
    """`per_form` illegal answers through each of apply (an Option, some changed in place after
    being handed out), apply_value and apply_index, at random positions of games of the four
    combinations. Refused = IllegalDecisionError with a reason and the game unchanged."""
    from interpreter.core.decisions import Option
    rng = random.Random(seed)
    rulesets = [load_ruleset(expansions=e) for e, _ in COMBINATIONS.values()]
    seen: Counter = Counter()
    for how in ("apply", "apply_value", "apply_index"):
        done = 0
        game_seed = 0
        while done < per_form:
            game_seed += 1
            rules = rulesets[game_seed % len(rulesets)]
            game = played(rules, game_seed, 0)
            bots = [make_bot("random", s) for s in range(len(game.state["players"]))]
            while not game.is_over() and done < per_form:
                for _ in range(rng.randrange(0, 12)):
                    if game.is_over():
                        break
                    d = game.decision()
                    game.apply(bots[d.seat].choose(game, d))
                if game.is_over():
                    break
                options = game.decision().options
                legal = [o.value for o in options]
                answer = illegal(rng, legal, how)
                if how == "apply" and rng.random() < 0.5:
                    changed = _changed_option(rng, options)
                    if changed is None:
                        answer = Option(answer)
                    elif changed == "refused":  # not an answer: the value stays as offered
                        seen["apply: changing a handed-out value refused (TypeError)"] += 1
                        continue
                    else:
                        answer = changed
                before = snapshot(game)
                done += 1
                try:
                    getattr(game, how)(answer)
                except IllegalDecisionError as exc:
                    ok = str(exc) and snapshot(game) == before
                    seen[f"{how}: refused, unchanged" if ok else f"{how}: REFUSED, CHANGED"] += 1
                except Exception as exc:  # noqa: BLE001
                    seen[f"{how}: TRACEBACK"] += 1
                    print(f"  {how} {answer!r:.80}: {type(exc).__name__}: {exc}")
                    break
                else:
                    seen[f"{how}: accepted (legal after all)"] += 1
    return seen


def _changed_option(rng, options):
    """A handed-out Option whose value is changed in place (issue 35 2.9); "refused" when the
    value will not change, None when no option's value is a dict."""
    dicts = [o for o in options if isinstance(o.value, dict) and o.value]
    if not dicts:
        return None
    option = rng.choice(dicts)
    try:
        option.value[rng.choice(sorted(option.value))] = -50
    except TypeError:
        return "refused"
    return option


# ---- 3. tampered, resealed saves -------------------------------------------------------------

def tamper(rng: random.Random, data: dict) -> None:
    """One random damage: a key removed, a value replaced by one of another type, a history
    answer or the version or meta changed."""
    target = rng.random()
    if target < 0.2 and data["history"]:
        entry = rng.choice(data["history"])
        entry[rng.randrange(len(entry))] = rng.choice(["x", None, 10**20, [], {"a": 1}, -1])
        return
    if target < 0.25:
        data[rng.choice(["version", "meta", "seed", "rules"])] = rng.choice(
            [None, "4", 1e400, {"x": 1e300}, [], -3, "deluxe"])
        return
    node, parents = data["state"], []
    while isinstance(node, (dict, list)) and node and rng.random() < 0.75:
        key = rng.choice(sorted(node)) if isinstance(node, dict) else rng.randrange(len(node))
        parents.append((node, key))
        node = node[key]
    if not parents:
        return
    parent, key = parents[-1]
    if rng.random() < (0.4 if isinstance(parent, dict) else 0.3):
        del parent[key]
    else:
        parent[key] = rng.choice([None, -1, 10**18, "x", [], {}, True, 0.5, "hall_2.1",
                                  "blue_01", [None], {"a": []}])


def saves(count: int, seed: int) -> Counter:
    """`count` saves of games of the four combinations, each damaged once and resealed, then
    loaded (and, when loaded, saved again, played 20 decisions on and undone by 5)."""
    rng = random.Random(seed)
    rulesets = [load_ruleset(expansions=e) for e, _ in COMBINATIONS.values()]
    seen: Counter = Counter()
    for i in range(count):
        rules = rulesets[i % len(rulesets)]
        game = played(rules, i, rng.randrange(0, 120))
        data = json.loads(game.to_json())
        tamper(rng, data)
        text = json.dumps(seal(data))
        try:
            try:
                loaded = Game.from_json(rules, text)
            except (CorruptSaveError, RulesError) as exc:
                seen["refused with a reason" if str(exc) else "REFUSED SILENTLY"] += 1
                continue
            loaded.to_json()
            bots = [make_bot("random", s) for s in range(len(loaded.state["players"]))]
            for _ in range(20):
                if loaded.is_over():
                    break
                d = loaded.decision()
                loaded.apply(bots[d.seat].choose(loaded, d))
            if len(loaded.history) > 5:
                before = loaded.to_json()
                try:
                    loaded.undo(5)
                except IllegalDecisionError as exc:  # the history the quick check let in
                    unchanged = loaded.to_json() == before and "the game is as it was" in str(exc)
                    seen["loaded; an undo into the damaged history refused, the game as it was"
                         if unchanged else "loaded; a refused undo CHANGED the game"] += 1
                    continue
            seen["loaded and played on"] += 1
        except RuleFaultError as exc:  # the load let a damaged position through
            seen["loaded, then STOPPED ON A RULE FAULT"] += 1
            print(f"  save #{i}: {str(exc).splitlines()[0][:200]}")
        except Exception as exc:  # noqa: BLE001
            seen["TRACEBACK"] += 1
            print(f"  save #{i}: {type(exc).__name__}: {str(exc)[:200]}")
            traceback.print_exc(limit=2)
    return seen


# ---- 4. hostile packs ----------------------------------------------------------------------------

def _hostile_packs() -> list[dict[str, str]]:
    """Packs that validate-or-not and then try to hang, exhaust memory or break a save: loops
    nested 2 to 16 deep, filters within filters, triggers that start themselves, ids given
    twice, headers that list themselves or a module misspelt, set-up numbers no game can keep,
    every final-scoring step removed."""
    def phase(effect: str) -> str:
        return ("kind: flow\npatches:\n  - after: income\n    phase:\n      id: nested\n"
                f"      each_player: '{effect}'\n")

    def wheres(pile: str, depth: int) -> str:
        expr = pile
        for _ in range(depth):
            expr = f"{pile} where count({expr}) > 0"
        return f"gain count({expr}) livre"
    out = [{"flow.yaml": phase("each player { " * d + "gain 1 livre" + " }" * d)}
           for d in range(2, 17)]
    out += [{"flow.yaml": phase("repeat 100 times { " * d + "gain 1 livre" + " }" * d)}
            for d in range(1, 6)]
    out += [{"flow.yaml": phase(wheres(pile, d))} for pile in ("players", "zone.resource_bag")
            for d in (2, 4, 6)]
    for starts in (1, 2, 3):
        out.append({"flow.yaml": "kind: flow\ntriggers:\n  - id: boom\n    on: acquire\n"
                    "    until: game_end\n    effect: " + "; ".join(
                        ["start_trigger trigger boom"] * starts) + "\n"})
    trigger = "  - id: boom\n    on: acquire\n    effect: gain 1 livre\n"
    out += [{"flow.yaml": "kind: flow\ntriggers:\n" + trigger * 2},
            {"flow.yaml": "kind: flow\nsetup:\n" + "  - id: s\n    effect: gain 1 livre\n" * 2},
            {"flow.yaml": "kind: flow\ngame: {setup: {min_staff: 100}}\n"},
            {"flow.yaml": "kind: flow\npatches:\n" + "".join(
                f"  - remove: {step}\n" for step in ("livre", "crowns", "favor", "halls",
                                                     "fireworks", "balcony", "statues",
                                                     "tokens"))},
            {"flow.yaml": "kind: flow\n", "module.yaml": "files: [module.yaml]"},
            {"flow.yaml": "kind: flow\n", "module.yaml": "files: [{file: flow.yaml, when: "
                                                          "[jewelery_box]}]"},
            {"flow.yaml": "kind: flow\nzones:\n  - id: mine\n    holds: tiles\n"
                          "    per_player: true\nsetup:\n  - id: take\n    effect: move_all "
                          "zone resource_bag, into mine\n"},
            {"flow.yaml": "kind: flow\nseats: {humans: 1}\nseat_kinds:\n  - id: bot\n"
                          "    name: Bot\n    count: 1\n    policy: {hier: [first]}\n"}]
    return out


def packs(count: int, seed: int) -> Counter:
    """Each hostile pack loaded beside the base game, then played to its end by random bots
    (under a 60 s alarm and a 3 GB address-space limit), saved and loaded back."""
    import resource
    limit = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (3 * 2**30, limit[1]))
    signal.signal(signal.SIGALRM, _alarm)
    folder = Path(tempfile.mkdtemp(prefix="campaign-packs-"))
    seen: Counter = Counter()
    try:
        for i, files in enumerate(_hostile_packs()[:count]):
            pack = folder / f"p{i}"
            pack.mkdir()
            listed = [n for n in files if n != "module.yaml"]
            header = files.get("module.yaml", f"files: [{', '.join(listed)}]")
            (pack / "module.yaml").write_text(f"module:\n  id: p{i}\n  kind: custom\n  name: "
                                              f"p{i}\n  requires: [base]\n  {header}\n")
            for name, text in files.items():
                if name != "module.yaml":
                    (pack / name).write_text(text)
            signal.alarm(HANG_SECONDS)
            try:
                try:
                    rules = load_ruleset(extra_paths=[pack])
                except RulesError as exc:
                    seen["refused at load, positioned" if positioned(exc)
                         else "refused at load, NO POSITION"] += 1
                    continue
                try:
                    game = played(rules, i, 10_000)
                    Game.from_json(rules, game.to_json())
                    seen["loaded, played to the end, saved and loaded back"] += 1
                except (RuleFaultError, EffectAbort) as exc:
                    seen["loaded, stopped in play with a positioned fault"] += 1
                    print(f"  pack {i}: {str(exc).splitlines()[0][:160]}")
            except Exception as exc:  # noqa: BLE001 - Hang, MemoryError, anything else
                seen["TRACEBACK"] += 1
                print(f"  pack {i}: {type(exc).__name__}: {str(exc)[:200]}")
            finally:
                signal.alarm(0)
    finally:
        resource.setrlimit(resource.RLIMIT_AS, limit)
        shutil.rmtree(folder, ignore_errors=True)
    return seen


# ---- 5. hostile web requests -----------------------------------------------------------------

def web(count: int, seed: int) -> Counter:
    """Hostile requests to every endpoint of `rococo serve` (bodies that are no JSON, of the
    wrong shape or type, huge or deeply nested numbers, unknown games, bad tokens and queries,
    tampered replays): each must be answered with a JSON reason (4xx) or served (2xx), never a
    500 or a body that is no JSON."""
    from webtools import Served
    rules = load_ruleset(expansions=["jewelry_box"])
    rng = random.Random(seed)
    game = played(rules, 6, 30)
    save = json.loads(game.to_json())
    bodies = [b"{oops", b"\xff\xfe", b"", b"null", b"[]", b"[0, 1]", b'"text"', b"1e400",
              b"[" * 5000 + b"]" * 5000, json.dumps({"option": 10**400}).encode(),
              json.dumps({"option": -1}).encode(), json.dumps({"option": "0"}).encode(),
              json.dumps({"token": None, "option": 0}).encode(),
              json.dumps({"players": 10**9}).encode(), json.dumps({"players": "4"}).encode(),
              json.dumps({"seed": 1e400, "players": 2}).encode(),
              json.dumps({"humans": [0, 0, 0]}).encode(), json.dumps({"bots": ["x"]}).encode(),
              json.dumps({"accept": "yes"}).encode()]
    for edit in (lambda d: d["state"]["players"][0].pop("livre"),
                 lambda d: d["history"].append([0, "nothing"]),
                 lambda d: d.__setitem__("version", "4"), lambda d: d.pop("state"),
                 lambda d: d["meta"].__setitem__("x", "y" * 10), lambda d: None):
        changed = json.loads(json.dumps(save))
        edit(changed)
        bodies.append(json.dumps(seal(changed)).encode())
    posts = ["/api/games", "/api/games/g1/answer", "/api/games/g1/undo",
             "/api/games/g1/undo/answer", "/api/games/g1/replay", "/api/replays", "/api/rules",
             "/api/games/nope/answer"]
    gets = ["/api/games/g1?token=x", "/api/games/g1?seat=0", "/api/games/g1/explain?n=-1",
            "/api/games/g1/explain?n=abc", "/api/games/g1/explain?n=" + "9" * 400,
            "/api/games/g1/save", "/api/games/%00", "/api/games/" + "x" * 5000,
            "/api/replays/r999", "/api/replays/r1/explain?n=1e9", "/api/nothing",
            "/watch/nope", "/play/g1?token=" + "%ff" * 10, "/static/../pyproject.toml"]
    seen: Counter = Counter()
    with Served(rules) as site:
        site.post("/api/games", {"players": 2, "seed": 1, "humans": [0]})
        requests = [("GET", path, None) for path in gets] + \
                   [("POST", path, body) for path in posts for body in bodies]
        rng.shuffle(requests)
        for method, path, body in requests[:count]:
            try:
                status, data, raw = site.request(method, path, body)
            except Exception as exc:  # noqa: BLE001 - no answer at all
                seen["NO ANSWER"] += 1
                print(f"  {method} {path[:60]}: {type(exc).__name__}: {exc}")
                continue
            if status >= 500 or (status >= 400 and not (isinstance(data, dict)
                                                        and data.get("error"))):
                seen[f"ANSWERED {status} WITHOUT A REASON"] += 1
                print(f"  {method} {path[:60]} {body[:40]!r}: {status} {raw[:200]}")
            elif status >= 400:
                seen["refused with a JSON reason (4xx)"] += 1
            else:
                seen["served (2xx/3xx)"] += 1
    return seen


# ---- 6. language-server messages ---------------------------------------------------------------

def lsp(count: int, seed: int) -> Counter:
    """Hostile rules documents opened in the language server (mutants of the base files, a
    pack whose header is malformed or lists itself), then hover and completion requests at
    random and hostile positions: each must be answered (a result or a parameter error),
    never an internal error (-32603), a traceback or silence."""
    import test_mutation_corpus as corpus
    from test_lsp_hostile import RawClient
    rng = random.Random(seed)
    folder = Path(tempfile.mkdtemp(prefix="campaign-lsp-"))
    seen: Counter = Counter()
    client = RawClient(folder)
    try:
        client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        client.notify("initialized", {})
        documents = []
        headers = ["module:\n  id: pk\n  kind: custom\n  name: pk\n  requires: [base]\n"
                   "  files: [module.yaml]\n", "module: [1, 2\n", "module:\n  id: 5\n",
                   "\tmodule:\n", "module:\n  id: pk\n  files: [cards.yaml, cards.yaml]\n"]
        for i in range(max(1, count // 12)):
            pack = folder / f"pack{i}"
            pack.mkdir()
            (pack / "module.yaml").write_text(headers[i % len(headers)])
            name = rng.choice(sorted(p.name for p in (ROOT / "rules" / "base").glob("*.yaml")))
            text = (ROOT / "rules" / "base" / name).read_text()
            kind = rng.choice(sorted(corpus.KINDS))
            body = corpus.KINDS[kind](text, rng).decode("utf-8", "replace")
            target = pack / ("module.yaml" if i % 7 == 0 else "cards.yaml")
            target.write_text(body)
            uri = target.as_uri()
            client.notify("textDocument/didOpen", {"textDocument": {
                "uri": uri, "languageId": "yaml", "version": 1, "text": body}})
            documents.append((uri, body.count("\n") + 1))
        positions = [(5, 2**31), (-1, 0), (None, 0), (2**40, 2**40)]
        for n in range(count):
            uri, lines = documents[n % len(documents)]
            method = rng.choice(["textDocument/hover", "textDocument/completion"])
            line, character = rng.choice(positions) if rng.random() < 0.1 else \
                (rng.randrange(lines + 2), rng.randrange(120))
            try:
                answer = client.request(method, {"textDocument": {"uri": uri},
                                                 "position": {"line": line,
                                                              "character": character}})
            except Exception as exc:  # noqa: BLE001 - queue.Empty: no answer in time
                seen["NO ANSWER"] += 1
                print(f"  {method} {uri} {line}:{character}: {type(exc).__name__}")
                break
            error = answer.get("error")
            if error is None:
                seen["answered"] += 1
            elif error.get("code") == -32603 or "Traceback" in json.dumps(error):
                seen["INTERNAL ERROR (-32603)"] += 1
                print(f"  {method} {uri} {line}:{character}: {json.dumps(error)[:300]}")
            else:
                seen["refused as invalid parameters"] += 1
    finally:
        client.close()
        shutil.rmtree(folder, ignore_errors=True)
    return seen


BAD = ("TRACEBACK", "CHANGED", "NO POSITION", "SILENTLY", "NO ANSWER", "WITHOUT A REASON",
       "INTERNAL", "STOPPED")  # what a campaign must never see
CAMPAIGNS = {"mutants": (mutants, 1500), "answers": (answers, 10_000), "saves": (saves, 3000),
             "packs": (packs, 100), "web": (web, 200), "lsp": (lsp, 300)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("campaigns", nargs="*", help=f"any of {', '.join(CAMPAIGNS)} (all)")
    parser.add_argument("--count", type=int, help="instead of each campaign's own number")
    parser.add_argument("--seed", type=int, default=35)
    args = parser.parse_args(argv)
    bad = 0
    unknown = set(args.campaigns) - set(CAMPAIGNS)
    if unknown:
        parser.error(f"no campaign {', '.join(sorted(unknown))}")
    for name in args.campaigns or list(CAMPAIGNS):
        run, count = CAMPAIGNS[name]
        started = time.process_time()
        seen = run(args.count or count, args.seed)
        cpu = time.process_time() - started
        print(f"{name}: {sum(seen.values())} in {cpu:.0f} s CPU: " +
              ", ".join(f"{n} {what}" for what, n in sorted(seen.items())))
        bad += sum(n for what, n in seen.items() if any(m in what for m in BAD))
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
