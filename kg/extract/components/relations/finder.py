"""The ``kg_relations`` component: it reads the paper sentence by sentence, finds each sentence's subject, and hands
each mention to the reader of its relation kind (:mod:`.addresses`, :mod:`.evaluated`, :mod:`.uses`,
:mod:`.outperforms`); then the paper-level kinds (the title's tasks, the main task, a contribution's name and
parts, derived names)."""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import replace

from spacy.tokens import Doc

from kg.extract.components.relations import addresses, evaluated, names, outperforms, uses
from kg.extract.components.relations.context import Paper, Sentence
from kg.extract.components.relations.cues import CONFIDENCE, NEXT_WORD, PAPER_LEVEL, PROPOSED_TYPES, RIVAL_TYPES, USE_OBJECT_TYPES, RelationCues
from kg.extract.state import SUBJECT_TYPES, Candidate, LocalEntity, state
from kg.extract.text import doc_text, may_contain, norm_word, sentence_chars, sentence_offsets, sentences, tokens
from kg.extract.text import title_end as text_title_end


def threat_links(cues: RelationCues, paper: Paper) -> None:
    """"Self-Guard can effectively defend against jailbreak attacks": an ``addresses`` link to a threat the paper
    poses as its problem (``kg_merge`` typed it a Task here, ``addresses.posed_topic``) is marked as such: where the
    graph types the threat's node Method, the link is dropped (``kg.resolve.canonical._refit``), not read as a use."""
    threats = cues.words.against_threat_words
    spans = {(e.mentions[0].start, e.mentions[0].end) for e in paper.ents
             if addresses.posed_topic(e) and e.mentions[0].surface.rsplit(None, 1)[-1].lower() in threats}
    if not spans:
        return
    for k, r in enumerate(paper.rels):
        if r.predicate == "addresses" and r.object in spans:
            paper.rels[k] = replace(r, component="relations:addresses-threat", confidence=CONFIDENCE["addresses-threat"])


class RelationFinder(RelationCues):
    def __call__(self, doc: Doc) -> Doc:
        st = state(doc)
        ents = st.entities
        st.relations = []
        if not ents:
            return doc
        pairs = [(m, e) for e in ents for m in e.mentions]
        # sorted by (start, end), stably: the order of (start, end, index) tuples, which compare in C
        order = sorted([(m.start, m.end, k) for k, (m, _e) in enumerate(pairs)])
        spans: list[tuple[Candidate, LocalEntity]] = [pairs[k] for _s, _e, k in order]
        proposed = [e for e in ents if e.proposed and e.type in PROPOSED_TYPES]
        proposed.sort(key=lambda e: min(m.start for m in e.mentions if m.proposed))
        main = st.main
        text = doc_text(doc)
        toks = tokens(doc)
        sent_starts, sent_ends = sentence_offsets(doc)
        # "CAMIL: Context-Aware Multiple Instance Learning for Cancer Detection …": what a title names before its
        # purpose ("for") is the contribution's own description, not a task it addresses
        title_stop = max(text_title_end(text), 0)
        title_purpose = self.title_for.search(text, 0, title_stop)
        paper = Paper(doc=doc, text=text, ents=ents, spans=spans, span_starts=[m.start for m, _e in spans],
                      proposed=proposed, main=main,
                      main_at=min(m.start for m in main.mentions if m.proposed) if main is not None else 0,
                      sents=sentences(doc), sent_starts=sent_starts, sent_ends=sent_ends, lower=toks.lower,
                      norms=toks.norm, purpose_at=title_purpose.start() if title_purpose is not None else -1,
                      title_means=addresses.title_means_spans(self, text, title_stop))
        if main is not None:
            # "… Given the connection to information entropy, we name our method InfoMatch.": the method is named
            # after it is described; the authors' sentences before the name are about it
            sent_start, sent_end = sentence_chars(doc, paper.main_at)
            paper.named_late = self.late_naming.search(text, sent_start, sent_end) is not None

        # PAPER proposes X, evidence = the proposal sentence
        for e in proposed:
            m = next(m for m in e.mentions if m.proposed)
            paper.add(None, "proposes", e, sentence_chars(doc, m.start), "proposes")
        if main is not None:
            for e in proposed:
                if e.type == "Task":
                    addresses.proposed_task(paper, main, e)
                elif e.type == "Method" and e is not main and main.type == "Method":
                    names.own_component(self, paper, main, e)
        for k, span in enumerate(paper.sents):
            a, b = sent_starts[k], sent_ends[k]
            # the mentions inside the sentence: spans are sorted by start, so bisect to those starting in it
            in_sent = [(m, e) for m, e in spans[bisect_left(paper.span_starts, a):bisect_right(paper.span_starts, b)]
                       if m.end <= b]
            self._sentence(paper, Sentence(k, span, a, b, text[a:b], in_sent))
        title_end = max(text_title_end(text), 0)
        addresses.title_links(self, paper, title_end)
        addresses.main_task(self, paper, title_end)
        if main is not None and main.type in PAPER_LEVEL["evaluatedOn"] and "(" in text:
            uses.enumerated_parts(self, doc, text, spans, main, paper.add)
        # derived names: "Qwen3-32B-FIRE" uses "Qwen3-32B"
        names.derived_names(doc, [*ents, *paper.phrase_nodes], paper.add)
        # a contribution's name holds the names of its parts and of its task
        names.name_parts(self, doc, proposed, ents, paper.add)
        if may_contain(text, self.threat_words):
            threat_links(self, paper)
        # one relation per (subject, predicate, object)
        seen: set[tuple] = set()
        unique = []
        for r in paper.rels:
            said = (r.subject, r.predicate, r.object)
            if said not in seen:
                seen.add(said)
                unique.append(r)
        st.relations = unique
        st.proposals.extend(r.mention for r in paper.phrase_nodes)
        return doc

    def _subject(self, paper: Paper, sent: Sentence) -> LocalEntity | None:
        """What the sentence is about: the contribution it names, else the main contribution on self-reference
        ("our method", "it") once that is named, or in an evaluation sentence (the cheap test first), or in any
        sentence of the authors ("we", "our") when the paper names its method only after describing it ("To address
        this, we employ X … We name our method InfoMatch")."""
        subj: LocalEntity | None = None
        for _m, e in sent.mentions:  # (a loop, not next() of a generator: this runs for every sentence)
            if e.proposed and e.type in SUBJECT_TYPES:
                subj = e
                break
        if subj is not None:
            addresses.motivation(self, paper, sent, subj)
            if subj.type == "Dataset" and any(self._evaluated_ref(sent.text, ref) for ref in self.method_ref.finditer(sent.text)):
                # "Experiments conducted on our BEV-3DLanes dataset demonstrate that our method outperforms …": the
                # paper's data is what its method (the last one named before the sentence) is evaluated on; not
                # "Based on this pipeline …, we build the CURE benchmark", "Using our pipeline, we create a dataset"
                return next((e for e in reversed(paper.proposed) if e.type in RIVAL_TYPES
                             and min(m.start for m in e.mentions if m.proposed) < sent.start), subj)
            return subj
        possessor = self._possessor(paper, sent)
        if possessor is not None:
            return possessor
        main = paper.main
        if main is not None and (
                paper.lower[sent.span.start] in self.eval_openers and evaluated.evaluation_sentence(self, paper, sent)
                or sent.end > paper.main_at and self._self_reference(sent)
                or paper.named_late and self.authors.search(sent.text)):
            if main.type not in RIVAL_TYPES and self.method_ref.search(sent.text):
                # "We evaluate our method on 3RScan" in a paper whose main contribution is a representation or a
                # task: "our method" is the method it proposes (the last one named before the sentence)
                return next((e for e in reversed(paper.proposed) if e.type in RIVAL_TYPES
                             and min(m.start for m in e.mentions if m.proposed) < sent.start), main)
            return main
        return None

    @staticmethod
    def _possessor(paper: Paper, sent: Sentence) -> LocalEntity | None:
        """The contribution a sentence names only as a possessor ("The results demonstrate BLO-SAM's superior
        performance over …", "DLIO's condensed architecture"): a name the mention finders leave out before "'s"."""
        if "'s" not in sent.text and "\u2019s" not in sent.text:
            return None
        for e in paper.proposed:
            if e.type in SUBJECT_TYPES and any(m.surface + "'s" in sent.text or m.surface + "\u2019s" in sent.text
                                               for m in e.mentions if m.proposed):
                return e
        return None

    def _self_reference(self, sent: Sentence) -> bool:
        """Whether the sentence refers to the contribution ("our method", "the proposed framework", "it"): not when
        its only reference is a pronoun ("its", "it") that a concession opens on, which stands for the other work the
        concession is about ("However its performance on … is poor", "Despite its potential, active learning has not
        been explored …", "While the LoRA module … offers …, it introduces …"). (A sentence opening on another method
        often owns its pronoun too, "The conditional gradient algorithm … due to its high efficiency", but as often
        that method is the contribution's part, "Furthermore, a … Transformer network with multi-head attention is
        adopted … its model capacity": not read.)"""
        hit = self.self_ref.search(sent.text)
        if hit is None:
            return False
        pronouns = self.words.relation_pronoun_refs
        if hit.group(1).lower() not in pronouns or any(h.group(1).lower() not in pronouns
                                                        for h in self.self_ref.finditer(sent.text, hit.end())):
            return True
        return self.concession.match(sent.text, 0, hit.start(1)) is None

    def _evaluated_ref(self, s_text: str, ref) -> bool:
        """Whether a self-reference to a method ("our method", "the proposed approach") stands as what is evaluated,
        not as the means of the sentence ("Using our pipeline, we create …") nor as "this …"."""
        before = s_text[:ref.start()].split()[-1:]
        return not ref.group(0).lower().startswith("this") and not (before and before[0].lower() in self.words.relation_means_words)

    def _sentence(self, paper: Paper, sent: Sentence) -> None:
        addresses.problem_sentence(self, paper, sent)
        subj = self._subject(paper, sent)
        if subj is None:
            evaluated.unnamed(self, paper, sent)
            return
        is_eval = evaluated.evaluation_sentence(self, paper, sent)
        cmp_at = outperforms.comparison(self, sent.text)
        contrasts = self._contrasts(sent.text)
        tasks = addresses.SentenceTasks(self, paper, sent, subj)
        tasks.is_eval = is_eval
        used = uses.SentenceUses(self, paper, sent, subj)
        named = False
        for _m, e in sent.mentions:  # (a loop: every sentence with a subject)
            if e is subj:
                named = True
                break
        for m, e in sent.mentions:
            if e is subj:
                continue
            rel_pos = m.start - sent.start
            if any(x <= rel_pos < y and (e.type != "Task" or not problem) for x, y, problem in contrasts):
                continue  # "unlike methods that fine-tune X, …": X is other work's
            if cmp_at is not None and rel_pos >= cmp_at and e.type in RIVAL_TYPES | {"HardwareConcept"}:
                continue  # after a comparison cue: rivals, handled below
            if e.type == "Task":
                if cmp_at is not None and rel_pos >= cmp_at and not self._compared_on(sent.text, cmp_at, rel_pos, m.end - sent.start):
                    continue  # "outperforms methods that rely on SLAM", "baselines, including AutoML systems": the rival's
                tasks.mention(m, e)
            elif e.type == "Dataset":
                evaluated.mention(self, paper, sent, subj, m, e, is_eval, cmp_at is not None)
            elif e.type == "Method" and not e.proposed and (named or self.authors.search(sent.text)) \
                    and addresses.framed_as(self, sent.text, rel_pos, m.end - sent.start):
                # "We approach this as a bi-level optimization problem": a formulation the contribution uses (in a
                # sentence of the authors or naming it; not "Recent works … formulating X as a binary classification task")
                paper.add(subj, "uses", e, sent.bounds, "uses-framing")
            elif e.type in USE_OBJECT_TYPES and not e.proposed and (subj.type != "Dataset" or named):
                # (a dataset the sentence only refers to does not use what "we employ": "We employ the Mask R-CNN and
                # Cascaded Mask R-CNN models … to perform NLB disease segmentation" in a paper presenting data)
                n_rels = len(paper.rels)
                used.mention(m, e)
                if len(paper.rels) > n_rels and paper.rels[-1].predicate == "uses" \
                        and paper.text.startswith(",", m.end):
                    # "combines simulation, data augmentation, semi-supervised learning, and GANs": a task listed
                    # right after a used method is used too (a comma list; not "density estimation with Bernoulli
                    # VAE and semi-supervised classification", two tasks)
                    tasks.task_end = m.end
        if subj.type != "Dataset":  # (a dataset "designed for experimenting with end-to-end QA models" uses none)
            uses.used_phrases(self, paper, sent, subj, cmp_at, contrasts)
        if cmp_at is not None:
            outperforms.read(self, paper, sent, subj, cmp_at)

    def _compared_on(self, s_text: str, cmp_at: int, at: int, end: int) -> bool:
        """Whether a task named after a comparison cue is where the comparison is made ("outperforms X on image
        classification", "better than X in video classification", "… methods for image restoration") or the field of
        the rival ("outperforms state-of-the-art OCR models", "… all existing multi-view 3D tracking or pose
        estimation methods"), not what a description of the rival names ("outperforms methods that rely on SLAM",
        "several baselines from one-shot object detection", "… baselines, including AutoML systems")."""
        gap_text = s_text[cmp_at:at]
        if ")" in gap_text:
            return True  # "(… outperforming MAE-CLIP by +0.8) object detection": the comparison closed before
        gap = gap_text.lower().replace("state of the art", "state-of-the-art").split()
        if "," not in gap_text and self.rival_links.isdisjoint(gap):
            if len(gap) <= 3:
                return True
            after = NEXT_WORD.match(s_text, end)
            if after is not None and norm_word(after.group(1)) in self.rival_heads:
                return True
        prev = ""
        for w in gap:
            if w in self.scope_preps and prev not in self.words.coined_use_on_verbs:
                return True
            prev = w
        return False

    def _clause_end(self, s_text: str, at: int) -> int:
        """Where a clause about other work opened at ``at`` ends: at the next comma, or where the authors take the
        sentence back without one ("Contrary to the previous … approaches our network leverages …", "Instead of
        directly using the patch point clouds we introduce …")."""
        comma = s_text.find(",", at)
        end = comma if comma >= 0 else len(s_text)
        for turn in self.authors_turn.finditer(s_text, at, end):
            if s_text[at:turn.start()].strip():  # (not the clause's own first word: "Unlike our prior model …")
                return turn.start()
        return end

    def _contrasts(self, s_text: str) -> list[tuple[int, int, bool]]:
        """Clauses about other work: from a contrast cue ("unlike", "instead of") or a concessive opening ("While
        existing methods …") to the next comma."""
        if not may_contain(s_text, self.contrast_words):
            return []
        out = []
        hit = self.concessive.search(s_text)
        if hit is not None:
            out.append((hit.end(), self._clause_end(s_text, hit.end()), False))
        for hit in self.contrast.finditer(s_text):
            out.append((hit.end(), self._clause_end(s_text, hit.end()), False))
        for hit in self.avoid.finditer(s_text):
            # "bypasses explicit density ratio estimation", "we avoid … lifting and SDP by …": what is done without
            # (a task "avoided" is a problem the contribution addresses: "to avoid catastrophic forgetting")
            stop = self.avoid_end.search(s_text, hit.end())
            out.append((hit.end(), stop.start() if stop is not None else len(s_text),
                        hit.group(1).lower() in self.words.relation_avoid_problem_cues))
        return out
