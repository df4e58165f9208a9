"""Entity recall and typing rules (issue 12, item 5), each alone on tiny resources (see test_components.py):
``spacy.blank("en")``, one component, a few words of data; every negative assertion has a positive control."""
from __future__ import annotations

from kg.extract.state import DATASETS_OF, GUESS, Candidate, state
from kg.types import Finder
from tests.test_components import pipe, tiny, words


def _coined(**lists):
    base = dict(coined_dataset_nouns=["dataset", "benchmark"], coined_preceding_dataset_nouns=["dataset", "benchmark"],
                determiners=["a", "an", "the", "our"], coined_method_nouns=["method"], list_head_stops=["that"])
    base.update(lists)
    return pipe("kg_coined", tiny(words=words(**base)))


def _types(doc) -> dict[str, tuple[str, str]]:
    return {doc.text[c.start:c.end]: (c.type, c.component) for c in state(doc).candidates}


# ------------------------------------------------------------------ kg_coined
def test_a_name_right_after_a_dataset_noun_is_a_dataset() -> None:
    nlp = _coined()
    doc = nlp("We collect a novel dataset SimQG for this. We release a new benchmark, HaGRID, too.")
    assert _types(doc) == {"SimQG": ("Dataset", "coined"), "HaGRID": ("Dataset", "coined")}


def test_corpus_is_a_dataset_noun_though_its_norm_is_folded() -> None:
    """"corpus" ends in -s: its token norm is "corpu", and the lists are read against norms. Control: without
    "corpus" in the lists the same names are guesses."""
    nlp = _coined(coined_dataset_nouns=["corpus"], coined_preceding_dataset_nouns=["corpus"])
    doc = nlp("We build a new corpus WLPX-MSTG for this. We release the WLP-MSTG corpus too.")
    assert _types(doc) == {"WLPX-MSTG": ("Dataset", "coined"), "WLP-MSTG": ("Dataset", "coined")}
    doc = _coined(coined_dataset_nouns=[], coined_preceding_dataset_nouns=[])(
        "We build a new corpus WLPX-MSTG for this. We release the WLP-MSTG corpus too.")
    assert _types(doc) == {"WLPX-MSTG": ("Method", "coined:guess"), "WLP-MSTG": ("Method", "coined:guess")}


def test_a_plain_word_set_off_after_a_dataset_noun_names_it() -> None:
    """"the largest Chinese conversation dataset, Dolphin, derived from …": an apposition of a capitalised word
    (no coined spelling) names the dataset. Controls: the word reading on into a phrase, and no dataset noun."""
    nlp = _coined()
    doc = nlp("We collect the largest Chinese long-term conversation dataset, Dolphin, from chats.")
    assert _types(doc)["Dolphin"] == ("Dataset", "coined:apposition")
    assert "Dolphin" not in _types(nlp("We collect the largest Chinese long-term conversation dataset, Dolphin "
                                       "chats, from users."))
    assert "Dolphin" not in _types(nlp("We collect the largest Chinese long-term conversation corpus, Dolphin, "
                                       "from chats."))
    assert _types(nlp("Results on the benchmark Atlas. Then more."))["Atlas"] == ("Dataset", "coined:apposition")


def test_a_name_in_brackets_after_a_dataset_noun_is_that_dataset() -> None:
    """"a compositional generalization benchmark (COGS)": the bracketed name of the data. Controls: a bracket
    that holds more than the name, and one after another noun."""
    nlp = _coined(list_head_stops=[])
    assert _types(nlp("We win on a generalization benchmark (COGS) here."))["COGS"] == ("Dataset", "coined")
    assert _types(nlp("We win on a generalization benchmark (COGS wins) here."))["COGS"] == ("Method", "coined:guess")
    assert _types(nlp("We win on a generalization method (COGS) here."))["COGS"] == ("Method", "coined:guess")


def test_a_name_given_as_an_example_of_datasets_is_one() -> None:
    """"out-of-domain datasets like WikiText", "datasets such as Adult," (a plain word ending its phrase).
    Control: the same names after a noun that is no dataset noun."""
    nlp = _coined()
    doc = nlp("We use out-of-domain datasets like WikiText. We test on datasets such as Adult, too.")
    assert _types(doc) == {"WikiText": ("Dataset", "coined"), "Adult": ("Dataset", "coined:apposition")}
    doc = nlp("We use out-of-domain tools like WikiText. We test on tools such as Adult, too.")
    assert _types(doc) == {"WikiText": ("Method", "coined:guess")}


def test_a_name_defined_by_a_copula_takes_the_kind_of_its_noun() -> None:
    """"SimRank is one of the most fundamental measures", "HumanEvalX is a widely used benchmark". Controls: the
    kind noun after a clause word ("a method to measure") and without the metric noun in the list."""
    nlp = _coined(coined_metric_nouns=["measure"], definition_ends=["to", "that"])
    assert _types(nlp("Also, SimRank is one of the most fundamental measures here."))["SimRank"] == ("Metric", "coined")
    assert _types(nlp("Also, HumanEvalX is a widely used benchmark for code."))["HumanEvalX"] == ("Dataset", "coined")
    assert _types(nlp("Also, SimRank is a method to measure things."))["SimRank"] == ("Method", "coined:guess")
    assert _types(_coined()("Also, SimRank is a similarity measure here."))["SimRank"] == ("Method", "coined:guess")


def test_a_name_in_brackets_after_what_an_evaluation_is_on_is_a_dataset() -> None:
    """"We evaluated X on subtyping lung cancer (TCGA-NSCLC)": the bracketed name of the data. Controls: a
    capitalised phrase before the bracket (the name abbreviates it), and a baseline noun since the "on"."""
    nlp = _coined(coined_eval_words=["evaluate"], definition_ends=["for", "of", "to", "on"])
    doc = nlp("We evaluate QuillNet on subtyping lung cancer (TCGA-NSCLC) today.")
    assert _types(doc)["TCGA-NSCLC"] == ("Dataset", "coined")
    doc = nlp("We evaluate QuillNet on subtyping Lung Cancer (TCGA-NSCLC) today.")
    assert _types(doc)["TCGA-NSCLC"] == ("Method", "coined:guess")
    doc = nlp("We evaluate QuillNet on subtyping with a method for lung cancer (TCGA-NSCLC) today.")
    assert _types(doc)["TCGA-NSCLC"] == ("Method", "coined:guess")


def test_a_dataset_noun_without_a_determiner_types_nothing() -> None:
    """"we benchmark GPT4X": a verb. Positive control: the same name after "the benchmark"."""
    nlp = _coined()
    assert _types(nlp("Then we benchmark GPT4X on math."))["GPT4X"] == ("Method", "coined:guess")
    assert _types(nlp("Then the benchmark GPT4X is hard."))["GPT4X"] == ("Dataset", "coined")


def test_the_preceding_dataset_nouns_are_data() -> None:
    """Without "dataset" in the list the same text types nothing (the rule reads the resources)."""
    doc = _coined(coined_preceding_dataset_nouns=["benchmark"])("We collect a novel dataset SimQG for this.")
    assert _types(doc)["SimQG"] == ("Method", "coined:guess")


def test_a_parenthesis_may_close_a_list_item() -> None:
    """"on two datasets CNNDM (short documents) and BigPatent (long documents)": one list of datasets."""
    nlp = _coined(coined_preceding_dataset_nouns=[])
    doc = nlp("We test on two datasets CNNDM (short documents) and BigPatent (long documents).")
    assert _types(doc) == {"CNNDM": ("Dataset", "coined"), "BigPatent": ("Dataset", "coined")}
    # control: a parenthesis of more than a short aside ends the list
    doc = nlp("We test on two datasets CNNDM (" + "x " * 40 + ") and BigPatent (long documents).")
    assert _types(doc)["BigPatent"] == ("Method", "coined:guess")


def test_one_name_beside_a_known_term_is_a_list_under_a_list_noun() -> None:
    """A lexicon dataset and one coined name are a list when a noun says what it lists ("datasets A and B")."""
    nlp = _coined(coined_preceding_dataset_nouns=[])
    text = "We test on two datasets Daily Mail and BigPatent here."
    doc = nlp.make_doc(text)
    doc = nlp.get_pipe("sentencizer")(doc)
    at = text.find("Daily Mail")
    state(doc).candidates = [Candidate(at, at + 10, "Dataset", Finder.LEXICON, 0.8)]
    doc = nlp.get_pipe(nlp.pipe_names[-1])(doc)
    assert _types(doc)["BigPatent"] == ("Dataset", "coined")
    # control: no noun says what is listed: one name beside a known term is no list
    text = "So Daily Mail and BigPatent are both here."
    doc = nlp.get_pipe("sentencizer")(nlp.make_doc(text))
    at = text.find("Daily Mail")
    state(doc).candidates = [Candidate(at, at + 10, "Dataset", Finder.LEXICON, 0.8)]
    doc = nlp.get_pipe(nlp.pipe_names[-1])(doc)
    assert _types(doc)["BigPatent"] == ("Method", "coined:guess")


def test_a_clause_between_ends_the_search_for_the_list_noun() -> None:
    """"experiments on benchmark datasets show that our CHANGER…": CHANGER is not one of the datasets."""
    nlp = _coined(coined_eval_words=["experiment"], coined_preceding_dataset_nouns=[])
    doc = nlp("Experiments on benchmark datasets show that our CHANGER wins.")
    assert _types(doc)["CHANGER"] == ("Method", "coined:guess")
    doc = _coined(coined_eval_words=["experiment"], coined_preceding_dataset_nouns=[], list_head_stops=[])(doc.text)
    assert _types(doc)["CHANGER"] == ("Dataset", "coined")  # control: without the stop word


# ------------------------------------------------------------------ kg_merge's typing
def _merged(text: str, cands: list[Candidate]):
    nlp = pipe("kg_merge", tiny(), sentencizer=False)
    doc = nlp.make_doc(text)
    state(doc).candidates = cands
    nlp.get_pipe("kg_merge")(doc)
    return [(e.preferred_label, e.type) for e in state(doc).entities]


def test_a_coined_guess_does_not_outvote_a_typed_reading() -> None:
    """"The HaGRID contains …" repeats the name: its default Method guesses are no evidence against the
    definition's Dataset. Control: the same guesses without a guess rule (typed by context) win the vote."""
    text = "HaGRID (x). The HaGRID contains images. The HaGRID is big. HaGRID helps."
    at = [i for i in range(len(text)) if text.startswith("HaGRID", i)]
    typed = Candidate(at[0], at[0] + 6, "Dataset", Finder.ACRONYM, 0.6)
    guesses = [Candidate(a, a + 6, "Method", Finder.COINED, 0.5, rule=GUESS) for a in at[1:]]
    assert _merged(text, [typed] + guesses) == [("HaGRID", "Dataset")]
    typed_by_context = [Candidate(a, a + 6, "Method", Finder.COINED, 0.5) for a in at[1:]]
    assert _merged(text, [typed] + typed_by_context) == [("HaGRID", "Method")]


def test_a_guess_alone_keeps_its_type() -> None:
    text = "KREPE wins. KREPE again."
    guesses = [Candidate(0, 5, "Method", Finder.COINED, 0.5, rule=GUESS),
               Candidate(12, 17, "Method", Finder.COINED, 0.5, rule=GUESS)]
    assert _merged(text, guesses) == [("KREPE", "Method")]


def test_a_gerund_after_on_is_no_list_of_datasets() -> None:
    """"we focus on augmenting WL1X": the name is a verb's object; "on WL1X" names a benchmark (control)."""
    nlp = _coined(coined_eval_words=["result"], coined_preceding_dataset_nouns=[])
    assert _types(nlp("We report results on augmenting WL1X here."))["WL1X"] == ("Method", "coined:guess")
    assert _types(nlp("We report results on WL1X here."))["WL1X"] == ("Dataset", "coined")
    # a noun in -ing is no verb: "on the reading comprehension benchmark…" still lists
    doc = _coined(coined_eval_words=["result"], coined_preceding_dataset_nouns=[], list_head_stops=[])(
        "We report results on reading SQuADX here.")
    assert _types(doc)["SQuADX"] == ("Method", "coined:guess")
    res = tiny(noun_ing={"reading"}, words=words(coined_eval_words=["result"], determiners=["the"]))
    doc = pipe("kg_coined", res)("We report results on reading SQuADX here.")
    assert _types(doc)["SQuADX"] == ("Dataset", "coined")


# ------------------------------------------------------------------ kg_phrases: heads of cost and quality
def _phrases(text: str, **kw):
    base = dict(heads={"time": ("Metric", 0.6), "overhead": ("Metric", 0.6), "quality": ("Metric", 0.6),
                       "grasping": ("Task", 0.7)},
                named_heads=frozenset({"time", "overhead", "quality"}),
                function_words={"the", "a", "an", "we", "on", "of", "by", "for", "and", "in", "incur", "at", "with"})
    base.update(kw)
    doc = pipe("kg_phrases", tiny(**base))(text)
    return {doc.text[c.start:c.end]: c.type for c in state(doc).candidates}


def test_a_measure_of_cost_or_quality_is_named_by_what_it_measures() -> None:
    found = _phrases("We cut the inference time and incur memory overhead with the image quality.")
    assert found == {"inference time": "Metric", "memory overhead": "Metric", "image quality": "Metric"}


def test_a_describing_word_names_no_measure() -> None:
    """"slight overhead": the first word describes (a weak word); control: the same text with "slight" unlisted."""
    assert _phrases("A slight overhead.", weak_modifiers={"slight"}) == {}
    assert _phrases("A slight overhead.") == {"slight overhead": "Metric"}


def test_robot_problems_are_tasks() -> None:
    assert _phrases("We study the robot grasping.") == {"robot grasping": "Task"}


# ------------------------------------------------------------------ the datasets of a task
def test_the_named_datasets_of_a_task_are_an_entity_beside_the_task() -> None:
    """"VQA datasets": the task (an acronym), and the datasets of it (a Dataset, rule datasets-of). Control:
    "a link prediction benchmark" (singular) only says what it tests: the task alone is the entity; the plural is
    a class of datasets beside the task."""
    res = tiny(heads={"prediction": ("Task", 0.8)}, generic_heads={"benchmark", "dataset"},
               words=words(phrase_dataset_heads=["benchmark", "dataset"]))
    nlp = pipe("kg_phrases", res)
    doc = nlp.get_pipe("sentencizer")(nlp.make_doc("We use the VQA datasets."))
    state(doc).candidates = [Candidate(11, 14, "Task", Finder.LEXICON, 0.8)]
    doc = nlp.get_pipe(nlp.pipe_names[-1])(doc)
    found = {(doc.text[c.start:c.end], c.type, c.rule) for c in state(doc).candidates}
    assert found == {("VQA", "Task", ""), ("VQA datasets", "Dataset", DATASETS_OF)}
    doc = nlp("We use the link prediction benchmark.")
    found = {(doc.text[c.start:c.end], c.type, c.rule) for c in state(doc).candidates}
    assert found == {("link prediction", "Task", "")}
    doc = nlp("We use the link prediction benchmarks.")
    found = {(doc.text[c.start:c.end], c.type, c.rule) for c in state(doc).candidates}
    assert found == {("link prediction", "Task", ""), ("link prediction benchmarks", "Dataset", DATASETS_OF)}


def test_the_merge_keeps_a_task_inside_its_datasets() -> None:
    text = "We use VQA datasets."
    task = Candidate(7, 10, "Task", Finder.LEXICON, 0.8)
    data = Candidate(7, 19, "Dataset", Finder.PHRASE, 0.54, rule=DATASETS_OF)
    assert sorted(_merged(text, [task, data])) == [("VQA", "Task"), ("VQA datasets", "Dataset")]
    plain = Candidate(7, 19, "Dataset", Finder.PHRASE, 0.54)  # control: a plain phrase swallows one word
    assert _merged(text, [task, plain]) == [("VQA datasets", "Dataset")]


def test_the_plural_of_a_task_head_names_outputs_not_a_task() -> None:
    """"softmax predictions" are outputs; "link prediction" (control, same head) is a task, and a plural
    head marked ``kinds`` ("contextual bandits") still names a problem."""
    res = tiny(heads={"prediction": ("Task", 0.8), "bandit": ("Task", 0.65)}, kind_heads=frozenset({"bandit"}))
    doc = pipe("kg_phrases", res)("We study softmax predictions, link prediction and contextual bandits.")
    assert {doc.text[c.start:c.end]: c.type for c in state(doc).candidates} == {
        "link prediction": "Task", "contextual bandits": "Task"}


def test_a_relational_adjective_names_a_kind_of_task() -> None:
    """"visual reasoning" is a task; "hidden reasoning" (qualitative) and "theoretical reasoning" (listed as
    judging) describe. Control: without "al" among the relational endings "visual reasoning" is dropped too."""
    def found(endings: list[str]) -> set[str]:
        res = tiny(heads={"reasoning": ("Task", 0.7)}, adjective_suffixes=("al", "en"),
                   words=words(relational_adjective_endings=endings, not_relational_adjectives=["theoretical"]))
        doc = pipe("kg_phrases", res)("We use the visual reasoning, the hidden reasoning and the theoretical reasoning.")
        return {doc.text[c.start:c.end] for c in state(doc).candidates}

    assert found(["al"]) == {"visual reasoning"}
    assert found([]) == set()


def test_a_name_used_once_is_kept_after_a_verb_of_use() -> None:
    """"we leverage BlendSearch", "builds on LagrangeBwK", "the method, ATACOM": kept (0.5, its type still a
    guess); a name mentioned once without such a verb stays below the threshold (control)."""
    nlp = _coined(coined_use_verbs=["leverage", "on", "extend"], coined_use_on_verbs=["builds"],
                  coined_method_nouns=["method"])
    doc = nlp("We leverage BlendSearch. It builds on LagrangeBwK. We extend the method, ATACOM, here. "
              "We saw FOOBX once. It sits on QUUXN.")
    conf = {doc.text[c.start:c.end]: c.confidence for c in state(doc).candidates}
    assert conf == {"BlendSearch": 0.5, "LagrangeBwK": 0.5, "ATACOM": 0.5, "FOOBX": 0.45, "QUUXN": 0.45}
    assert all(c.rule == GUESS for c in state(doc).candidates)


def test_a_short_or_describing_name_needs_more_than_a_verb_of_use() -> None:
    nlp = _coined(coined_use_verbs=["use"])
    doc = nlp("We use RGB inputs. We use GPU-accelerated code. We use RANSAC here.")
    conf = {doc.text[c.start:c.end]: c.confidence for c in state(doc).candidates}
    assert conf["RANSAC"] == 0.5 and conf.get("RGB", 0.45) == 0.45


def test_a_parameter_count_makes_a_name_a_model() -> None:
    """"InstructMining-7B" is a model; "DigiFace-1M" (a million images) is not typed by its count (control)."""
    types = _types(_coined()("Then InstructMining-7B wins and DigiFace-1M helps."))
    assert types["InstructMining-7B"] == ("Model", "coined")
    assert types["DigiFace-1M"] == ("Method", "coined:guess")


def test_a_model_of_a_measure_is_no_kind_of_model() -> None:
    """"a cost model" models a cost; "a diffusion model" (control: a technique modifier) is a kind of model."""
    res = tiny(heads={"cost": ("Metric", 0.6), "diffusion": ("Method", 0.65)}, words=words(phrase_model_heads=["model"]),
               generic_heads={"model"})
    doc = pipe("kg_phrases", res)("We fit the cost model and the diffusion model.")
    assert {doc.text[c.start:c.end]: c.type for c in state(doc).candidates} == {"diffusion model": "Model"}


def test_a_negating_adjective_names_no_kind() -> None:
    res = tiny(heads={"generation": ("Task", 0.75)}, adjective_suffixes=("al",),
               words=words(relational_adjective_endings=["al"], negating_prefixes=["un"]))
    doc = pipe("kg_phrases", res)("We study the unconditional generation and the conditional generation.")
    assert {doc.text[c.start:c.end] for c in state(doc).candidates} == {"conditional generation"}


def test_a_method_or_measure_named_after_a_person() -> None:
    """patterns.tsv: "Dijkstra's algorithm" (Method), "Poisson's ratio" (Metric); "the model's method" is no
    eponym (control: lower case)."""
    from kg.extract.resources import load_resources
    res = tiny(patterns=load_resources().patterns)
    doc = pipe("kg_coined", res)("We use Dijkstra's algorithm and the model's method; Poisson's ratio is 0.3.")
    found = {doc.text[c.start:c.end]: c.type for c in state(doc).candidates if c.finder is Finder.PATTERN}
    assert found == {"Dijkstra's algorithm": "Method", "Poisson's ratio": "Metric"}


def test_a_bound_is_named_by_what_it_bounds(entity_types) -> None:
    """"H-consistency bounds", "LP upper bounds": a bound named by a name or a measure is a Metric; on the same
    abstract "tight bounds" and "a matching lower bound" only describe one, and "upper confidence bound (UCB)"
    is an algorithm."""
    found = entity_types("We prove H-consistency bounds and LP upper bounds. These tight bounds meet a matching "
                         "lower bound, and we compare with upper confidence bound (UCB) methods.")
    assert found.get("H-consistency bounds") == found.get("LP upper bounds") == "Metric"
    assert not {"tight bounds", "matching lower bound", "lower bound"} & set(found)
    assert found.get("upper confidence bound") == "Method"


def test_a_relational_adjective_names_a_kind_of_a_named_head(entity_types) -> None:
    """"logistic loss", "computational cost": an adjective of relation classifies the head; "optimal rate" on the
    same abstract judges it and is no entity."""
    found = entity_types("We minimise the logistic loss at a low computational cost and reach an optimal rate "
                         "under identical constraints.")
    assert found.get("logistic loss") == "Method" and found.get("computational cost") == "Metric"
    assert "optimal rate" not in found and "identical constraints" not in found


def test_british_spellings_of_task_heads_are_tasks(entity_types) -> None:
    """"robot localisation" is a Task as "robot localization" is (not a Method by the -isation suffix rule)."""
    found = entity_types("We study robot localisation in warehouses, and robot localization in the field.")
    assert found.get("robot localisation") == found.get("robot localization") == "Task"


def test_a_hyphenated_eponym_with_its_kind_noun_is_a_name(entity_types) -> None:
    """"Frank-Wolfe algorithm", "Jensen-Shannon divergence", "Dawid-Skene model": two capitalised names joined by a
    hyphen before a lower-case kind noun. A compound prefix ("Self-Supervised method") is no name (control: the
    same sentence)."""
    found = entity_types("We run the Frank-Wolfe algorithm on the Jensen-Shannon divergence of a Dawid-Skene model, "
                         "unlike a Self-Supervised method.")
    assert (found.get("Frank-Wolfe algorithm"), found.get("Jensen-Shannon divergence"),
            found.get("Dawid-Skene model")) == ("Method", "Metric", "Model")
    assert "Self-Supervised method" not in found


def test_the_datasets_of_a_defined_acronym_are_datasets_beside_it(entity_types) -> None:
    """"standard DML benchmarks" after "deep metric learning (DML)": Datasets of the task, an entity beside it;
    the acronym keeps its own type."""
    found = entity_types("Deep metric learning (DML) learns embeddings. Our method improves results on standard DML "
                         "benchmarks.")
    assert found.get("DML benchmarks") == "Dataset"
    assert found.get("DML") == found.get("Deep metric learning") == "Task"


def test_transfer_and_heterogeneity_name_problems_splatting_a_technique(entity_types) -> None:
    """"sim-to-real transfer", "data heterogeneity" are Tasks and "Gaussian splatting" a Method by their last word;
    on the same abstract "efficient transfer" only describes (a judgement before a named head)."""
    found = entity_types("We study sim-to-real transfer under data heterogeneity with Gaussian splatting, and show "
                         "efficient transfer.")
    assert (found.get("sim-to-real transfer"), found.get("data heterogeneity"), found.get("Gaussian splatting")) \
        == ("Task", "Task", "Method")
    assert "efficient transfer" not in found


def test_a_coined_name_ending_like_an_architecture_is_a_model() -> None:
    """"EAFormer", "UVCGAN": the ending of a coined name says it is an architecture (a Model, kept on one mention);
    on the same sentence a name without such an ending stays a guess, and without the list nothing is typed."""
    nlp = _coined(coined_model_suffixes=["Former", "GAN"])
    doc = nlp("We compare EAFormer, UVCGAN and FooBarX once.")
    assert {k: v for k, v in _types(doc).items()} == {"EAFormer": ("Model", "coined"), "UVCGAN": ("Model", "coined"),
                                                       "FooBarX": ("Method", "coined:guess")}
    doc = _coined(coined_model_suffixes=[])("We compare EAFormer, UVCGAN and FooBarX once.")
    assert _types(doc)["EAFormer"] == ("Method", "coined:guess")


def test_a_known_metric_keeps_what_it_measures(entity_types) -> None:
    """"error detection success rate", "attack success rate", "top-1 retrieval accuracy": a known metric with the
    task or cut-off before it is the measure as named; the task stays an entity of its own. On the same abstract
    a judgement or a summary before it ("higher accuracy", "mean success rate") leaves the known metric as it is."""
    found = entity_types("We reach an 85% error detection success rate, a low attack success rate and a better "
                         "top-1 retrieval accuracy. We also report higher accuracy and mean success rate.")
    assert (found.get("error detection success rate"), found.get("attack success rate"),
            found.get("top-1 retrieval accuracy")) == ("Metric", "Metric", "Metric")
    assert found.get("error detection") == "Task"
    assert found.get("accuracy") == found.get("success rate") == "Metric"
    assert not {"higher accuracy", "mean success rate"} & set(found)


def test_technique_and_uncertainty_heads_type_their_phrases(entity_types) -> None:
    """"Winograd convolution", "multi-modal fusion", "information-theoretic regularizer" are Methods and "aleatoric
    uncertainty" a Metric by their last word; on the same abstract a verb before the head ("propagate
    uncertainty") names no measure."""
    found = entity_types("We use Winograd convolution with multi-modal fusion and an information-theoretic "
                         "regularizer, and study aleatoric uncertainty. We then propagate uncertainty.")
    assert (found.get("Winograd convolution"), found.get("multi-modal fusion"),
            found.get("information-theoretic regularizer"), found.get("aleatoric uncertainty")) \
        == ("Method", "Method", "Method", "Metric")
    assert "propagate uncertainty" not in found


def test_an_adjective_of_relation_says_which_data_a_dataset_holds(entity_types) -> None:
    """"symbolic datasets", "haptic benchmarks": a relational adjective names the data, so the phrase is a Dataset;
    on the same abstract a judging adjective ("typical datasets") names none."""
    found = entity_types("We test on symbolic datasets and haptic benchmarks, unlike typical datasets.")
    assert found.get("symbolic datasets") == found.get("haptic benchmarks") == "Dataset"
    assert "typical datasets" not in found


def test_nouns_before_a_problem_noun_name_the_problem(entity_types) -> None:
    """"the graph isomorphism problem", "the credit assignment problem" (an -ment noun, not an adjective): Tasks
    named whole; on the same abstract a judgement ("an open problem") or one field word ("the optimization
    problem") names none."""
    found = entity_types("We study the graph isomorphism problem and the credit assignment problem. Both reduce to "
                         "the optimization problem, an open problem.")
    assert found.get("graph isomorphism problem") == found.get("credit assignment problem") == "Task"
    assert not {"optimization problem", "open problem"} & set(found)


def test_performance_is_a_metric_with_what_it_measures(entity_types) -> None:
    """"classification performance", "generalization performance": the measure word with a task before it is a
    Metric; on the same abstract a judgement, a thing or a stage ("strong performance", "model performance",
    "finetuning performance") names none."""
    found = entity_types("Our method improves classification performance and generalization performance, with "
                         "strong performance, better model performance and finetuning performance.")
    assert found.get("classification performance") == found.get("generalization performance") == "Metric"
    assert not {"strong performance", "model performance", "finetuning performance", "performance"} & set(found)


def test_a_participle_names_a_loss(entity_types) -> None:
    """"squared loss", "weighted loss": the participle says how the loss is formed and is its name; on the same
    abstract a weak participle or a summary ("the proposed loss", "the expected loss") names none."""
    found = entity_types("We minimize the squared loss and a weighted loss, not the proposed loss or the expected "
                         "loss.")
    assert found.get("squared loss") == found.get("weighted loss") == "Method"
    assert not {"proposed loss", "expected loss"} & set(found)


def test_a_count_word_opens_no_phrase(entity_types) -> None:
    """"twelve tasks", "forty times": a count above ten is a number, as "three tasks" is; on the same abstract
    "long-horizon tasks" stays a class of tasks."""
    found = entity_types("We evaluate on twelve tasks and on long-horizon tasks, forty times faster.")
    assert found.get("long-horizon tasks") == "Task"
    assert not {"twelve tasks", "forty times"} & set(found)


# ------------------------------------------------------------------ kg_phrases: a method described by its kind
def test_one_word_of_a_kind_before_a_method_noun_describes_a_method() -> None:
    """"an unsupervised algorithm" (a qualifier of the vocabularies), "a heuristic technique" (a technique word):
    a described Method. Controls: a judgement ("a simple technique", "a reliable method"), a plural (a class:
    "unsupervised algorithms"), and a word found as an entity of its own ("a clustering algorithm" leaves the
    task "clustering") give none."""
    from kg.extract.resources import load_resources
    nlp = pipe("kg_phrases", load_resources())
    text = "We design a heuristic technique and an unsupervised algorithm."
    found = {doc.text[c.start:c.end]: c.type for doc in [nlp(text)] for c in state(doc).candidates}
    assert found == {"heuristic technique": "Method", "unsupervised algorithm": "Method"}
    doc = nlp("We design a simple technique, a reliable method and unsupervised algorithms.")
    assert [doc.text[c.start:c.end] for c in state(doc).candidates] == []
    doc = nlp.get_pipe("sentencizer")(nlp.make_doc("We use a clustering algorithm."))
    state(doc).candidates = [Candidate(9, 19, "Task", Finder.LEXICON, 0.8)]
    doc = nlp.get_pipe(nlp.pipe_names[-1])(doc)
    assert [doc.text[c.start:c.end] for c in state(doc).candidates] == ["clustering"]


def test_a_name_right_after_a_method_or_model_noun_takes_its_kind() -> None:
    """"the second-best method ByteTrack", "baselines such as DPR", "the model ZetaNet": the kind noun types a name
    mentioned once (kept, not a guess). Controls: a noun without a determiner or a link ("we model LLMs": a verb)
    and a short acronym without a link ("the model RGB inputs") type nothing."""
    nlp = _coined(coined_method_nouns=["method", "baseline"], coined_model_nouns=["model"],
                  determiners=["a", "an", "the", "our"])
    doc = nlp("It beats the second-best method ByteTrack and baselines such as DPR. The model ZetaQ helps.")
    assert _types(doc) == {"ByteTrack": ("Method", "coined"), "DPR": ("Method", "coined"),
                           "ZetaQ": ("Model", "coined")}
    doc = nlp("We model LLMs here. The model RGB inputs fail.")
    assert _types(doc) == {"LLMs": ("Method", "coined:guess"), "RGB": ("Method", "coined:guess")}


def test_one_qualifier_before_a_known_method_narrows_it() -> None:
    """"hybrid experience replay", "normalized steepest descent": the phrase of a qualifier and a vocabulary's method
    is kept over the method (through the whole extractor). Controls: a judgement ("modern experience replay") and a
    second content word before the qualifier ("replay buffer hybrid …") leave the known term alone."""
    from kg.extract.pipeline import shipped_nlp
    nlp = shipped_nlp()

    def found(text: str) -> set[str]:
        return {e.preferred_label for e in state(nlp(text)).entities if e.type == "Method"}

    assert found("We train with hybrid experience replay.") == {"hybrid experience replay"}
    assert found("We train with modern experience replay.") == {"experience replay"}
    assert found("We train with normalized steepest descent.") == {"normalized steepest descent"}


def test_the_running_time_is_a_measure() -> None:
    """"running time" (theory and algorithm abstracts): "running" is a noun of noun_ing.txt, so the named head
    "time" keeps it; control: without it the -ing word reads as a verb and no measure is named."""
    from kg.extract.resources import load_resources
    assert "running" in load_resources().noun_ing
    assert _phrases("We cut the running time.", noun_ing={"running"}) == {"running time": "Metric"}
    assert _phrases("We cut the running time.") == {}


def test_corpora_are_the_plural_of_a_dataset_noun() -> None:
    """"dialog corpora", "NER corpora": the irregular plural is a dataset head like "corpus" (kind_nouns.toml,
    heads.tsv). Control: resources that list only "corpus" type the singular and not the plural."""
    from kg.extract.resources import load_resources
    doc = pipe("kg_phrases", load_resources())("We train on dialog corpora.")
    assert {doc.text[c.start:c.end]: c.type for c in state(doc).candidates} == {"dialog corpora": "Dataset"}
    res = tiny(heads={"corpus": ("Dataset", 0.8)}, generic_heads={"corpus"}, words=words(phrase_dataset_heads=["corpus"]))
    nlp = pipe("kg_phrases", res)
    assert [c.type for c in state(nlp("We train on dialog corpus.")).candidates] == ["Dataset"]
    assert state(nlp("We train on dialog corpora.")).candidates == []


def test_a_theory_named_by_what_it_is_of_is_a_method() -> None:
    """heads.tsv: "item response theory", "monotone operator theory" are analysis tools (Method); "a unified theory"
    only describes (the head is marked named). Control: resources without the head type neither."""
    from kg.extract.resources import load_resources
    text = "We use item response theory and a unified theory."
    doc = pipe("kg_phrases", load_resources())(text)
    assert {doc.text[c.start:c.end]: c.type for c in state(doc).candidates} == {"item response theory": "Method"}
    assert state(pipe("kg_phrases", tiny())(text)).candidates == []


def test_small_compute_devices_are_hardware() -> None:
    """hardware_concepts.tsv: "mobile devices", "resource-constrained devices", "Raspberry Pi", "NVIDIA Jetson" are
    the compute a model is deployed on (HardwareConcept), through the whole extractor; control: "mobile apps" is none
    (the lexicon rows alone fail without them)."""
    from kg.extract.pipeline import shipped_nlp
    doc = shipped_nlp()("We deploy it on mobile devices, resource-constrained devices and a Raspberry Pi, "
                        "not in mobile apps.")
    found = {e.preferred_label for e in state(doc).entities if e.type == "HardwareConcept"}
    assert found == {"mobile device", "resource-constrained device", "Raspberry Pi"}


def test_problem_heads_of_statistics_and_robotics_name_tasks(entity_types) -> None:
    """"sparse regression", "camera calibration", "language acquisition" are problems (shipped heads.tsv). Control: a
    phrase holding a known technique ("sparse logistic regression", "Gaussian process regression") is its kind."""
    types = entity_types("We study sparse regression, camera calibration and language acquisition. "
                         "Baselines use sparse logistic regression and Gaussian process regression.")
    assert {k: types.get(k) for k in ("sparse regression", "camera calibration", "language acquisition")} == \
        dict.fromkeys(("sparse regression", "camera calibration", "language acquisition"), "Task"), types
    assert types.get("sparse logistic regression") != "Task" and types.get("Gaussian process regression") != "Task", types


def test_the_words_a_sentence_poses_as_a_problem_name_a_task(entity_types) -> None:
    """"Knowledge tracing is a fundamental task", "Bundle adjustment (BA) remains a challenging problem": a task
    whatever its head. Control: a pronoun opens no name, nor does a subject the sentence does not pose."""
    types = entity_types("Knowledge tracing is a fundamental task in education. Bundle adjustment (BA) remains a "
                         "challenging problem. This is a known problem. Bundle tracing is fast.")
    assert types.get("Knowledge tracing") == "Task" and types.get("Bundle adjustment") == types.get("BA") == "Task", types
    assert "This" not in types and "Bundle tracing" not in types, types


def test_a_title_case_task_with_qualifiers_is_the_abstracts_task(extractor) -> None:
    """The title's "Evidence-Based Misinformation Detection" and the abstract's "misinformation detection" are one
    task. Control: a title-case name with an acronym ("… Weapon Detection (MEOW)") is a method, apart."""
    from kg.records import Paper

    ex = extractor.extract(Paper(id="p", title="Evidence-Based Misinformation Detection with Agents",
                                 abstract="We study misinformation detection with search agents. It works."))
    tasks = [e.labels for e in ex.entities if e.type == "Task"]
    assert len(tasks) == 1 and {"Evidence-Based Misinformation Detection", "misinformation detection"} <= set(
        tasks[0]), tasks
    ex = extractor.extract(Paper(id="p", title="Multi-Objective Evolutionary Weapon Detection",
                                 abstract="We propose Multi-Objective Evolutionary Weapon Detection (MEOW) for "
                                          "concealed weapon detection. MEOW works."))
    meow = next(e for e in ex.entities if "MEOW" in e.labels)
    assert "concealed weapon detection" not in meow.labels, meow.labels
    # a title's gerund phrase and the abstract's task of the same words ("Predicting Difficulty of … Questions")
    ex = extractor.extract(Paper(id="p", title="A Weak Approach for Predicting Difficulty of Interview Questions",
                                 abstract="We study question difficulty prediction with weak labels. It works."))
    tasks = [e.labels for e in ex.entities if e.type == "Task"]
    assert len(tasks) == 1 and "question difficulty prediction" in tasks[0], tasks


def test_a_judgement_of_how_well_names_no_task(entity_types) -> None:
    """"accurate detection", "precise segmentation": a quality wished for, not a task (shipped weak_modifiers);
    control: "anomaly detection" and the task after the judgement ("accurate sensor calibration") stay."""
    types = entity_types("Accurate detection matters. We need precise segmentation for anomaly detection and "
                         "accurate sensor calibration.")
    assert not {"Accurate detection", "precise segmentation"} & set(types), types
    assert types.get("anomaly detection") == types.get("sensor calibration") == "Task", types


def test_a_task_named_by_its_last_words_is_the_task_named_in_full(extractor) -> None:
    """"graph anomaly detection" … "anomaly detection": one task. Control: one word ("clustering") is a class of
    tasks, apart from "spectral clustering"."""
    from kg.records import Paper

    ex = extractor.extract(Paper(id="p", title="Notes", abstract=(
        "We study graph anomaly detection on citation graphs. Anomaly detection matters for fraud. "
        "We compare clustering methods with spectral clustering.")))
    tasks = [e.labels for e in ex.entities if e.type == "Task"]
    assert any({"graph anomaly detection", "anomaly detection"} <= {x.lower() for x in t} for t in tasks), tasks
    assert not any("spectral clustering" in t and "clustering" in t for t in tasks), tasks


def test_a_results_verb_after_the_data_ends_its_phrase() -> None:
    """"Results on the Amazon review corpus validate our approach": the verb (function_words.txt) ends the dataset's
    phrase. Control: resources without the verb run the phrase into it ("… corpus validate") and type nothing."""
    from dataclasses import replace

    from kg.extract.resources import load_resources
    text = "Results on the Amazon review corpus validate our approach."
    res = load_resources()
    doc = pipe("kg_phrases", res)(text)
    assert {doc.text[c.start:c.end]: c.type for c in state(doc).candidates} == {"Amazon review corpus": "Dataset"}
    without = replace(res, function_words=res.function_words - {"validate"})
    assert state(pipe("kg_phrases", without)(text)).candidates == []


def test_an_acronym_the_abstract_defines_is_not_read_as_the_vocabularys_other_long_form() -> None:
    """"mean absolute error (MAE)": the vocabulary's "MAE" (masked autoencoder, a Model) is another reading, so the text's
    own definition types the entity (a Metric; before, the vocabulary's Model won the vote). Control: "masked autoencoders
    (MAE)" agrees with the vocabulary and stays a Model. (From h15a's branch, without its mined acronym list.)"""
    from kg.extract.pipeline import shipped_nlp
    nlp = shipped_nlp()
    doc = nlp("We report the mean absolute error (MAE) of the forecasts. The MAE drops by half.")
    assert {(e.preferred_label, e.type) for e in state(doc).entities} == {("mean absolute error", "Metric")}
    doc = nlp("We pretrain masked autoencoders (MAE) on images. The MAE is fast.")
    assert {(e.preferred_label, e.type) for e in state(doc).entities} == {("masked autoencoders", "Model")}


def test_textbook_concepts_and_their_acronyms_are_in_the_field_vocabulary() -> None:
    """field_concepts.tsv (hand-written, textbook sources named in the file): "ELBO", "RKHS", "LQR", "CVaR" and the RL
    returns, written bare, are concepts (before: no entity); MDP and MPC are Methods by the guideline (before: the
    OpenReview keywords' Model and Task)."""
    from kg.extract.pipeline import shipped_nlp
    doc = shipped_nlp()("We maximize the ELBO in an RKHS, cast control as an MDP solved with MPC or LQR, bound the "
                        "CVaR and report the average return, the cumulative reward, the negative log-likelihood "
                        "and AUPRC.")
    found = {(e.preferred_label, e.type) for e in state(doc).entities}
    assert found == {("evidence lower bound", "Method"), ("reproducing kernel Hilbert space", "Method"),
                     ("Markov decision process", "Method"), ("model predictive control", "Method"),
                     ("linear quadratic regulator", "Method"), ("conditional value-at-risk", "Metric"),
                     ("average return", "Metric"), ("cumulative reward", "Metric"),
                     ("negative log-likelihood", "Metric"), ("area under the precision-recall curve", "Metric")}, found


def test_a_language_name_is_no_dataset_of_a_list() -> None:
    """"on English and Chinese NER datasets": the languages of the datasets, not a dataset "English" (closed_class.toml
    language_names; before, the capitalised word was a list mate of "Chinese NER" and typed Dataset). Control: plain
    capitalised name in the same place ("on Waterbirds and Chinese NER datasets") stays a Dataset."""
    from kg.extract.pipeline import shipped_nlp
    nlp = shipped_nlp()
    doc = nlp("Experiments on English and Chinese NER datasets show gains.")
    labels = {e.preferred_label for e in state(doc).entities}
    assert "English" not in labels and "Chinese NER" in labels, labels
    doc = nlp("Experiments on Waterbirds and Chinese NER datasets show gains.")
    assert "Waterbirds" in {e.preferred_label for e in state(doc).entities if e.type == "Dataset"}


def test_the_word_after_we_is_a_verb_not_the_start_of_a_phrase() -> None:
    """"We report collision rate": "report" (a noun too, so no function word) ran into the metric's phrase ("report
    collision rate"); the first word after a subject pronoun, over an adverb, is its verb (kg.extract.text
    content_flags), a hyphenated one whole ("we fine-tune X"). Control: the same noun after "the" still opens a phrase
    ("the report generation task" keeps "report")."""
    from kg.extract.pipeline import shipped_nlp
    nlp = shipped_nlp()
    for text in ("We report collision rate on all scenes.", "We also measure collision rate on all scenes."):
        doc = nlp(text)
        assert {(e.preferred_label, e.type) for e in state(doc).entities} == {("collision rate", "Metric")}, text
    doc = nlp("We fine-tune Stable Diffusion on COCO.")
    assert "Stable Diffusion" in {e.preferred_label for e in state(doc).entities}
    doc = nlp("Our model improves radiology report generation.")
    assert "radiology report generation" in {e.preferred_label for e in state(doc).entities}


def test_named_measures_of_learning_theory_and_evaluation_are_metrics() -> None:
    """field_concepts.tsv: regret notions keep their kind ("simple regret", "cumulative regret", before cut to "regret"),
    and textbook measures no derived vocabulary lists ("excess risk", "mutual information", "bits per dimension",
    "SPL") are Metrics (before: nothing, or SPL the PwC method "Semi-Pseudo-Label"). Control: a rate word that is no
    notion ("logarithmic regret") still gives the bare metric."""
    from kg.extract.pipeline import shipped_nlp
    nlp = shipped_nlp()
    doc = nlp("We bound the simple regret, the cumulative regret and the excess risk, and report mutual information, "
              "bits per dimension and SPL.")
    found = {(e.preferred_label, e.type) for e in state(doc).entities}
    assert found == {("simple regret", "Metric"), ("cumulative regret", "Metric"), ("excess risk", "Metric"),
                     ("mutual information", "Metric"), ("bits per dimension", "Metric"),
                     ("success weighted by path length", "Metric")}, found
    doc = nlp("Our algorithm achieves logarithmic regret.")  # ("algorithm": the paper's own, by its kind noun)
    assert {(e.preferred_label, e.type) for e in state(doc).entities if e.type == "Metric"} == {("regret", "Metric")}


def test_textbook_methods_missing_from_the_derived_vocabularies_are_methods() -> None:
    """field_concepts.tsv: classic methods no derived vocabulary lists bare ("random forests", "lasso", "k-means",
    "behavior cloning", "value iteration", "RRT") are Methods (before: no entity at all).
    Control: a longer known name is still one entity of that name ("k-means clustering")."""
    from kg.extract.pipeline import shipped_nlp
    nlp = shipped_nlp()
    doc = nlp("We compare random forests, the lasso and k-means with behavior cloning, value iteration and RRT.")
    found = {(e.preferred_label, e.type) for e in state(doc).entities}
    assert found == {("random forest", "Method"), ("lasso", "Method"), ("k-means clustering", "Method"),
                     ("behavior cloning", "Method"), ("value iteration", "Method"),
                     ("rapidly-exploring random tree", "Method")}, found
    doc = nlp("We run k-means clustering on the features.")
    assert {(e.preferred_label, e.type) for e in state(doc).entities} == {("k-means clustering", "Method")}


def test_a_known_metric_keeps_a_plain_noun_or_a_kind_word_before_it(entity_types) -> None:
    """"task success rate", "joint goal accuracy", "certified accuracy": a plain noun no list types, or a word that
    names a kind of the metric, is part of its name. On the same abstract a judgement ("weak accuracy", "linear
    regret"), a verb after "to", and a metric that modifies a typed noun after it ("accuracy degradation") leave
    the known metric as it is."""
    found = entity_types("We improve task success rate, joint goal accuracy and certified accuracy. Baselines "
                         "suffer weak accuracy and linear regret, fail to optimize throughput, and show severe "
                         "accuracy degradation.")
    assert (found.get("task success rate"), found.get("joint goal accuracy"), found.get("certified accuracy")) \
        == ("Metric", "Metric", "Metric")
    assert not {"weak accuracy", "linear regret", "optimize throughput", "severe accuracy"} & set(found)
    assert found.get("accuracy") == found.get("regret") == "Metric"


def test_the_measure_of_a_change_frame_is_a_metric(entity_types) -> None:
    """"a 2.8x reduction in MAC operations", "a 15% decrease in the average time steps taken": after a number, a
    change noun and "in", the phrase is what the change is measured in, whatever its head (cut before a
    participle). On the same abstract one word ("the state of the art") or a task ("pose estimation") is none."""
    found = entity_types("Our method gives a 2.8x reduction in MAC operations and a 15% decrease in the average "
                         "time steps taken to reach the goal. It also shows a 20% improvement in the state of "
                         "the art and a 5% improvement in pose estimation.")
    assert found.get("MAC operations") == "Metric"
    assert any(k.endswith("time steps") and v == "Metric" for k, v in found.items())
    assert not any("taken" in k for k in found)
    assert "state" not in found and found.get("pose estimation") == "Task"


def test_plain_names_listed_after_a_dataset_noun_and_a_colon_are_datasets(entity_types) -> None:
    """"three real-world datasets: Epinions, Ciao and Yelp": a dataset noun that introduces a list over a colon,
    a bracket or a link ("namely", "such as") names plain capitalised words as datasets. Controls: the same names
    with no dataset noun, another noun before the colon, and a dataset noun set off by a comma only."""
    found = entity_types("We run experiments on three real-world datasets: Epinions, Ciao and Yelp.")
    assert (found.get("Epinions"), found.get("Ciao"), found.get("Yelp")) == ("Dataset",) * 3
    found = entity_types("We use benchmarks such as Atari and Gibson.")
    assert found.get("Atari") == found.get("Gibson") == "Dataset"
    assert not {"Epinions", "Ciao"} & set(entity_types("Experiments on Epinions and Ciao show gains."))
    assert not {"Paris", "London"} & set(entity_types("Our data covers cities: Paris, London and Berlin."))
    assert not {"Epinions", "Ciao"} & set(entity_types("We collected datasets, Epinions and Ciao, for this."))


def test_an_untyped_item_of_a_list_of_tasks_is_a_task(entity_types) -> None:
    """"positive sentiment control, topic control, and language detoxification": in a list of three or more short
    phrases, most of them typed alike, an untyped two- or three-word item is a peer of the same type. Controls: a
    describing adjective opening the item, a plural head, and a list with fewer typed items than untyped ones."""
    found = entity_types("Experiments on sentiment classification, topic classification, and language "
                         "detoxification show gains.")
    assert found.get("language detoxification") == "Task"
    found = entity_types("Experiments on sentiment classification, topic classification, and precise "
                         "detoxification show gains.")
    assert "precise detoxification" not in found
    found = entity_types("Experiments on sentiment classification, topic classification, and license plates show "
                         "gains.")
    assert "license plates" not in found
    found = entity_types("Experiments on sentiment classification, language detoxification, and stance "
                         "moderation show gains.")
    assert "language detoxification" not in found and "stance moderation" not in found


def test_a_title_means_phrase_written_as_a_name_is_a_method_the_paper_uses(extractor) -> None:
    """"WalkFormer: Point Cloud Completion via Guided Walks": the capitalised phrase after "via", "using" or
    "through" in the title of a paper that names its contribution is a Method it uses. Controls: a verb phrase
    after the means word, data ("using Synthetic Data"), and a phrase a head types otherwise ("Using Aerial
    Robots" is no method)."""
    from kg.records import Paper

    def found(title: str) -> dict[str, str]:
        ex = extractor.extract(Paper(id="p", title=title, abstract="We propose WalkFormer, a novel approach."))
        return {label: e.type for e in ex.entities for label in e.labels}

    assert found("WalkFormer: Point Cloud Completion via Guided Walks").get("Guided Walks") == "Method"
    assert "Exploiting Guided Walks" not in found("WalkFormer: Point Cloud Completion via Exploiting Guided Walks")
    # (data named by its origin is a Dataset now, as the guideline counts training data: still no method)
    assert found("WalkFormer: Point Cloud Completion using Synthetic Data").get("Synthetic Data") != "Method"
    assert found("WalkFormer: Point Cloud Completion using Aerial Robots").get("Aerial Robots") != "Method"


def test_a_title_means_phrase_headed_by_a_data_noun_is_no_method(extractor) -> None:
    """"… through Contrast Sets", "… from Human Demonstrations", "… Using Rich Text": a means phrase whose untyped
    head names data, knowledge or a sensor is what the paper works from, not a technique. Control: the same title
    with a technique head."""
    from kg.records import Paper

    def found(title: str) -> dict[str, str]:
        ex = extractor.extract(Paper(id="p", title=title, abstract="We propose WalkFormer, a novel approach."))
        return {label: e.type for e in ex.entities for label in e.labels}

    assert found("WalkFormer: Exposing Video Models through Contrast Sets").get("Contrast Sets") != "Method"
    assert found("WalkFormer: Person Detection Through Privileged Information").get("Privileged Information") != "Method"
    assert found("WalkFormer: Exposing Video Models through Contrast Walks").get("Contrast Walks") == "Method"


def test_a_sentence_subject_said_to_be_challenging_is_a_task(entity_types) -> None:
    """"Interactive facial image retrieval is particularly challenging": the plain words a sentence opens on, said
    to be challenging or difficult, name a problem. Controls: a determiner-led subject and one generic word."""
    found = entity_types("Interactive facial image retrieval is particularly challenging due to pose variance.")
    assert found.get("Interactive facial image retrieval") == "Task"
    assert not {"This setting", "setting"} & set(entity_types("This setting is challenging for us."))
    assert "Training" not in entity_types("Training is difficult for us.")
    assert "Building cross-modal applications" not in entity_types("Building cross-modal applications is "
                                                                   "challenging for us.")


def test_a_study_said_to_be_challenging_is_no_task(entity_types) -> None:
    """"Regret analysis is challenging", "Real-world evaluation remains difficult": a study of something, not a
    problem to solve. Control: a task subject in the same frame."""
    assert entity_types("Regret analysis is particularly challenging in this setting.").get("Regret analysis") != "Task"
    assert entity_types("Real-world evaluation remains difficult for robots.").get("Real-world evaluation") != "Task"
    assert entity_types("Interactive image retrieval remains difficult for robots.").get(
        "Interactive image retrieval") == "Task"


def test_a_well_participle_is_a_judgement_not_part_of_a_name(entity_types) -> None:
    """"well-established techniques", "well-crafted training strategy": a "well-" participle judges what it
    modifies, as "popular" does, and is trimmed. Control: the rest of the phrase still names a task ("grasp
    synthesis")."""
    found = entity_types("We leverage well-established techniques and a well-trained grasp synthesis model.")
    assert not any(k.startswith("well-") for k in found)
    assert found.get("grasp synthesis") == "Task"


def test_a_verb_an_amount_or_a_compound_tail_before_a_metric_is_not_what_it_measures(entity_types) -> None:
    """"prioritize detection accuracy", "with enough accuracy", "worst case sample complexity", "orders of
    magnitude speedup", "text evaluation metrics BLEU": the word before the known metric is a verb, an amount, the
    tail of a compound or a plural, so the metric stays as it is. Control: "high task success rates", "average
    word accuracy" and "pointwise mutual information" keep the word."""
    found = entity_types("Methods prioritize detection accuracy with enough accuracy. We bound the worst case sample "
                         "complexity and see orders of magnitude speedup under text evaluation metrics BLEU.")
    assert not {"prioritize detection accuracy", "enough accuracy", "case sample complexity", "magnitude speedup",
                "metrics BLEU"} & set(found)
    found = entity_types("We reach high task success rates and an average word accuracy, and use pointwise mutual "
                         "information.")
    assert {"task success rates", "word accuracy", "pointwise mutual information"} <= set(found)


def test_a_task_before_a_plural_dataset_noun_names_a_class_of_datasets(entity_types) -> None:
    """"four benchmark text classification datasets", "public multi-page document classification datasets": the
    datasets of a task (a Dataset beside the task), without the words that say how they are ("benchmark",
    "public"). Controls, in the same sentences' frame: the singular dataset noun ("a text classification
    benchmark"), a dataset noun with no task before it ("three public datasets"), and an adjective that opens the
    task stays in it ("lexical substitution datasets")."""
    found = entity_types("We win on four benchmark text classification datasets and on public multi-page document "
                         "classification datasets. We use lexical substitution datasets.")
    assert found.get("text classification datasets") == "Dataset", found
    assert found.get("text classification") == "Task", found
    assert found.get("multi-page document classification datasets") == "Dataset", found
    assert found.get("lexical substitution datasets") == "Dataset", found
    assert not any(k.startswith(("benchmark", "public")) for k in found), found
    found = entity_types("We win on a text classification benchmark and on three public datasets.")
    assert found.get("text classification") == "Task", found
    assert not any(k.endswith(("benchmark", "datasets")) for k in found), found


def test_the_last_task_of_a_list_a_plural_dataset_noun_ends_names_no_class_of_datasets(entity_types) -> None:
    """"math, coding, and reading-comprehension benchmarks" are the benchmarks of every task listed: the last task
    with the noun would name a part of them, so only the tasks are entities. Control in the same abstract: a task
    before the same noun outside a list is a class of datasets."""
    found = entity_types("Across math, coding, and text classification benchmarks, our model wins. "
                         "It also wins on standard reading-comprehension benchmarks.")
    assert found.get("reading-comprehension benchmarks") == "Dataset", found
    assert "text classification benchmarks" not in found, found
    assert found.get("text classification") == "Task", found


def test_the_last_task_of_a_list_found_inside_a_plural_dataset_noun_names_no_class_of_datasets(entity_types) -> None:
    """The same with a task no vocabulary lists, found inside the phrase ("reading-comprehension"): the plural after it
    names a class of datasets ("several CFL benchmarks") except as the last of a list."""
    found = entity_types("Across challenging math, coding, and reading-comprehension benchmarks, our model wins. "
                         "It also wins on standard reading-comprehension benchmarks.")
    assert found.get("reading-comprehension benchmarks") == "Dataset", found  # control: the second sentence
    found = entity_types("Across challenging math, coding, and reading-comprehension benchmarks, our model wins.")
    assert "reading-comprehension benchmarks" not in found, found
    assert found.get("reading-comprehension") == "Task", found


def test_a_name_with_a_capital_inside_a_lower_case_run_is_kept_on_one_mention(entity_types) -> None:
    """"with TruFor performing the best": a capital after lower-case letters inside one word spells a coined
    name, kept though it is mentioned once and nothing types it. Control in the same sentence: an all-caps
    abbreviation ("SDP") mentioned once is not kept."""
    found = entity_types("Current detectors struggle, with TruFor and SDP performing the best.")
    assert found.get("TruFor") == "Method", found
    assert "SDP" not in found, found


def test_as_well_as_after_a_metric_list_is_glue(entity_types) -> None:
    """"metrics such as BLEU and COMET, as well as performance": "well" is no listed measure. Control: the
    listed names are."""
    found = entity_types("It improves quality according to metrics such as BLEU and COMET, as well as performance "
                         "on pronoun resolution.")
    assert found.get("BLEU") == found.get("COMET") == "Metric", found
    assert "well" not in found, found


def test_point_clouds_are_data(entity_types) -> None:
    """"partial-view point clouds", "3D point clouds": a data representation, a Dataset by the guideline.
    Control: "cloud computing" (a task the vocabulary knows) and a singular cloud are not data."""
    found = entity_types("Our model operates on partial-view point clouds and 3D point clouds in cloud computing "
                         "with a private cloud.")
    assert found.get("partial-view point clouds") == found.get("3D point clouds") == "Dataset", found
    assert found.get("cloud computing") != "Dataset" and "private cloud" not in found, found


def test_a_noun_spelled_as_one_says_what_a_model_models(entity_types) -> None:
    """"a robot dynamics model", "an illumination model", "reliable affordance models": a lower-case noun with a
    noun's ending before "model" says what it models (a Model; a describing word before it is dropped). Controls in
    the same sentence: an adjective ("a dynamic model") or a judgement ("a simple model") names no model."""
    found = entity_types("We learn a robot dynamics model, an illumination model and reliable affordance models, "
                         "unlike a dynamic model or a simple model.")
    assert found.get("robot dynamics model") == found.get("illumination model") == "Model", found
    assert found.get("affordance models") == "Model", found
    assert not {"dynamic model", "simple model", "reliable affordance models"} & set(found), found


def test_a_comma_before_including_still_opens_a_metric_list(entity_types) -> None:
    """"four objective metrics, including execution time, and path length": the list after "metrics, including"
    (the chunker reads "including" into the first item). Control in the same frame: a lone word that opens a longer
    measure ("the area under the curve") is not listed."""
    found = entity_types("We compare four objective metrics, including wall time, and path length. Others use "
                         "threshold-agnostic metrics, such as the area under the receiver operating curve.")
    assert found.get("path length") == found.get("wall time") == "Metric", found
    assert "area" not in found, found


def test_a_hyphened_name_ending_in_an_acronym_is_kept_on_one_mention(entity_types) -> None:
    """"GP-UCB", "Smoothed-AGDA": hyphen-joined words ending in an acronym spell a coined name, kept on one
    mention. Controls in the same text: a prefix before an acronym ("Multi-UAV") and a name that holds a known one
    ("MIMIC-CXR-EGD" around the dataset MIMIC-CXR) are not kept as such."""
    found = entity_types("Our bandit beats GP-UCB. The solver improves on Smoothed-AGDA. We fly Multi-UAV teams. "
                         "The MIMIC-CXR-EGD notes are long.")
    assert found.get("GP-UCB") == found.get("Smoothed-AGDA") == "Method", found
    assert "Multi-UAV" not in found and "MIMIC-CXR-EGD" not in found, found


def test_a_name_a_score_is_had_on_is_a_dataset(entity_types) -> None:
    """"by 17 pp on HumanEval", "gains 3.2% on FooQA": a name after "on" right after a score is the data it was had
    on. Control in the same text: "relies on FooNet" (no score before "on") is no dataset."""
    found = entity_types("It improves by 17 pp on HumanEval relative to the base mix. It gains 3.2% on FooQA. "
                         "It relies on FooNet.")
    assert found.get("HumanEval") == found.get("FooQA") == "Dataset", found
    assert found.get("FooNet") != "Dataset", found


def test_an_apposition_types_a_name_as_data_a_measure_or_a_robot(entity_types) -> None:
    """"FooNoise, a machine-generated, conflict-induced dataset", "BarBot7, a low-cost mobile robot": the head noun of
    an apposition after a name says what it is. Control in the same text: "QuuxVIO, a robust odometry method" keeps
    the Method reading, and a dataset noun that only modifies ("a dataset-driven method") types nothing."""
    found = entity_types("We provide FooNoise, a machine-generated, conflict-induced dataset to encourage research. "
                         "We deploy it on BarBot7, a low-cost mobile robot. We combine it with QuuxVIO, a robust "
                         "odometry method, and with ZapGen, a dataset-driven method for planning.")
    assert found.get("FooNoise") == "Dataset", found
    assert found.get("BarBot7") == "Model", found
    assert found.get("QuuxVIO") == "Method", found
    assert found.get("ZapGen") != "Dataset", found


def test_a_name_right_after_a_decimal_score_is_a_metric(entity_types) -> None:
    """"improvements of 2.5 BLEU, 7.1 FOO-KIWI and 5.3 BarScore": a name right after a decimal score that ends its
    phrase is what the score measures. Controls in the same text: a unit ("2.5 GHz") and an integer count
    ("3 QuuxBots") name no measure."""
    found = entity_types("Our method achieves improvements of 2.5 BLEU, 7.1 FOO-KIWI, and 5.3 BarScore over "
                         "the baseline. It runs at 2.5 GHz on 3 QuuxBots in the lab.")
    assert found.get("FOO-KIWI") == found.get("BarScore") == "Metric", found
    assert found.get("GHz") != "Metric", found
    assert found.get("QuuxBots") != "Metric", found


def test_a_named_robot_is_a_model(entity_types) -> None:
    """"on a Zorbit A1 robot", "the robot Zorbit B2": a robot noun before or after a name makes it a Model. Control
    in the same text: a robot noun that modifies another noun ("the Quux Kitchen robot manipulation environment")
    types no robot."""
    found = entity_types("We test the controller on a Zorbit A1 robot and with the robot Zorbit B2. We solve tasks "
                         "from the Quux Kitchen robot manipulation environment.")
    assert found.get("Zorbit A1") == found.get("Zorbit B2") == "Model", found
    assert found.get("Quux Kitchen") != "Model", found


def test_a_dataset_list_opened_by_a_dash_with_a_bracketed_qualifier(entity_types) -> None:
    """"three datasets--- Amazon (Scientific), MovieLens-1M, and FreshFood": a dash may stand for the colon after the
    list's noun, and a capitalised word alone in brackets qualifies the item before it. Control in the same text:
    the bracketed word is no item of the list."""
    found = entity_types("Our evaluation of FooTag across three datasets--- Zamazon (Scientific), QuuxLens-1M, and "
                         "FreshBar---shows that our approach outperforms human-annotated tags.")
    assert found.get("Zamazon") == found.get("QuuxLens-1M") == found.get("FreshBar") == "Dataset", found
    assert "Scientific" not in found, found


def test_a_name_before_a_change_noun_is_a_metric(entity_types) -> None:
    """"showed an FZR improvement", "QbF1 gains of 2 points": a name right before a change in a measure is the
    measure. Control in the same text: a definition "is an improvement over" types no measure."""
    found = entity_types("All core datasets showed an FZR improvement for all objects, and QbF1 gains of 2 points. "
                         "ZorbitFlow is an improvement over prior work.")
    assert found.get("FZR") == found.get("QbF1") == "Metric", found
    assert found.get("ZorbitFlow") != "Metric", found


def test_a_name_set_off_after_a_dataset_subject_is_the_dataset(entity_types) -> None:
    """"the largest and most annotated dataset for computer vision in skiing, SkiTB, is introduced": a name set off
    by commas before the verb names the subject, a dataset. Control in the same text: a subject headed by a method
    noun ("A new method with the dataset noun, BarGen, is introduced") names no dataset."""
    found = entity_types("To enable the study, the largest and most annotated dataset for computer vision in skiing, "
                         "SkiZB, is introduced. A new method with the dataset noun, BarGen, is introduced.")
    assert found.get("SkiZB") == "Dataset", found
    assert found.get("BarGen") != "Dataset", found


def test_a_modality_a_venue_a_dof_count_or_a_formula_spelled_like_a_name_is_no_entity(entity_types) -> None:
    """"RGB and depth cameras", "a 7-DoF arm", "accepted at NeurIPS", "O(n2 log2 n)": words spelled like names that
    name no method, model or dataset are no entity when nothing types them. Controls in the same text: a coined name
    used as often is kept, a longer phrase holding the modality is still data, and a venue-like name before a colon
    (the paper's own name) is kept."""
    found = entity_types("COLT: compositional learning of tools. We use RGB and depth cameras on a 7-DoF arm. "
                         "The RGB stream feeds COLT and ZorbNet. We collect sparse LiDAR point clouds. ZorbNet runs on a 7-DoF arm in "
                         "O(n2 log2 n) time, as shown at NeurIPS and at NeurIPS 2023.")
    assert "ZorbNet" in found and "COLT" in found, found
    assert found.get("LiDAR point clouds") == "Dataset", found
    assert not {"RGB", "7-DoF", "NeurIPS", "NeurIPS 2023", "O(n2", "n2", "log2"} & set(found), found


def test_a_long_form_of_a_vehicle_is_a_model_and_of_degrees_of_freedom_a_metric(entity_types) -> None:
    """"unmanned aerial vehicles (UAVs)" names machines, typed as robots are; "degrees of freedom (DoF)" a property
    measured. Control in the same text: another defined long form keeps the default Method."""
    found = entity_types("We fly unmanned aerial vehicles (UAVs) with six degrees of freedom (DoF) using "
                         "zonal flow shaping (ZFS).")
    assert found.get("unmanned aerial vehicles") == "Model", found
    assert found.get("degrees of freedom") == "Metric", found
    assert found.get("zonal flow shaping") == "Method", found


def test_a_method_noun_after_an_acronym_of_a_task_leaves_the_task(entity_types) -> None:
    """"unsupervised anomaly detection (AD) … AD methods": methods for the task the acronym names; the acronym stays
    the task. Control in the same text: a method noun after an acronym of a method still types it."""
    found = entity_types("Unsupervised zonal anomaly detection (ZAD) is a critical task. We evaluate ZAD methods and "
                         "ZAD algorithms on images. Quorum flow shaping (QFS) helps, and QFS methods improve.")
    assert found.get("zonal anomaly detection") == found.get("ZAD") == "Task", found
    assert found.get("QFS") == "Method", found


def test_a_time_or_pace_word_names_no_kind_of_task(entity_types) -> None:
    """"with the rapid development of web technologies", "the future development of foundation models": a pace or a
    time, not a kind of development. Control in the same text: a noun before the same head still names one."""
    found = entity_types("Recently, with the rapid development of web technologies, damage analysis has received "
                         "attention. We hope to help the future development of spiking models. Drug development is "
                         "costly.")
    assert found.get("Drug development") == "Task", found
    assert not {"rapid development", "future development", "development"} & set(found), found


def test_a_dataset_noun_after_a_defined_method_acronym_names_its_benchmarks(entity_types) -> None:
    """"Clustered Federated Learning (CFL) … on several CFL benchmarks demonstrating that": the benchmarks of the
    method, a class of datasets, while CFL stays the method (a participle after the plural noun opens a clause).
    Control in the same text: a name no definition types is the dataset a dataset noun after it names."""
    found = entity_types("Clustered Zonal Learning (CZL) is a promising framework. We evaluate it on several CZL "
                         "benchmarks demonstrating that it works, and on the MQZ-7 benchmark.")
    assert found.get("CZL benchmarks") == "Dataset", found
    assert found.get("Clustered Zonal Learning") == found.get("CZL") == "Method", found
    assert found.get("MQZ-7") == "Dataset", found


def test_a_participle_after_a_plural_noun_ends_its_phrase(entity_types) -> None:
    """"diverse 2D photographs mined from the web": the participle opens a reduced clause; the phrase ends at the
    plural noun."""
    found = entity_types("The encoder is trained on hundreds of millions of diverse 2D photographs mined from the web.")
    assert found.get("2D photographs") == "Dataset", found


def test_a_group_name_and_a_generated_by_compound_are_no_names(entity_types) -> None:
    """"SE(3)-equivariant convolutions": a matrix group, mathematics; "LLM-generated explanations": made by an LLM, the
    compound describes. Control in the same text: a coined name repeated as often is kept."""
    found = entity_types("We build SE(3)-equivariant kernels on SE(3) poses. LLM-generated data and LLM-generated "
                         "text train ZorbNet, and ZorbNet wins.")
    assert "ZorbNet" in found, found
    assert not {"SE", "LLM-generated"} & set(found), found



def test_a_group_name_the_paper_describes_as_its_own_stays_for_its_title(extractor):
    """"We propose a novel SO(3) representation …" of "A Planar-Symmetric SO(3) Representation for …": the group's
    name is part of what the paper makes, and the title names it."""
    from kg.records import Paper
    record = extractor.extract(Paper(
        id="p", title="A Planar-Symmetric SO(3) Representation for Grasp Detection",
        abstract="Symmetry introduces ambiguity in the SO(3) representation. We propose a novel SO(3) representation "
                 "that parametrizes a pair of symmetric poses with a single parameter set."))
    assert {e.labels[0] for e in record.entities if e.proposed} == {"Planar-Symmetric SO(3) Representation"}


def test_a_judgement_before_a_method_noun_is_dropped(entity_types) -> None:
    """"state-of-art methods", "contemporary baselines", "representative losses": a judgement names no method. Control
    in the same text: a phrase whose modifier names a kind stays."""
    found = entity_types("We compare with state-of-art methods and contemporary baselines. We use a contrastive "
                         "loss and representative losses.")
    assert found.get("contrastive loss") == "Method", found
    assert not {"state-of-art methods", "contemporary baselines", "representative losses"} & set(found), found


def test_a_plural_data_noun_after_a_list_of_definitions_names_every_item(entity_types) -> None:
    """"Next Generation Simulation (NGSIM), Highway Drone (HighD), and … (MoCAD) datasets": the noun after the last
    definition names each definition of the list, not only the one next to it. Control in the same text: a
    definition outside the list (a full stop between) keeps its own reading, and one its head types stays a task."""
    found = entity_types("We propose Zorbit, a planner. Experiments on the Quiet Lane Traces (QLT), Brisk Road Drone "
                         "(BRD), and Zeta Yard Logs (ZYL) datasets show gains. We also test Soft Rank Mixing (SRM). "
                         "We evaluate on image classification (IC) and Polar Tide Records (PTR) datasets.")
    for name in ("Quiet Lane Traces", "QLT", "Brisk Road Drone", "BRD", "Zeta Yard Logs", "ZYL", "PTR"):
        assert found.get(name) == "Dataset", (name, found)
    assert found.get("Soft Rank Mixing") == "Method", found
    assert found.get("image classification") == "Task", found


def test_names_spelled_as_names_side_by_side_are_items_of_a_list(extractor) -> None:
    """"three real-world WSI datasets: Camelyon16 PAIP2019 and …", "TCGA-BRCA TCGA-NSCLC TCGA-RCC and PANDA": in a
    sentence with no comma, names a space apart are items of the list the noun before introduces. Control in the
    same text: the capitals of a title ("LLMs DO NOT Know") are no list of names."""
    from kg.records import Paper
    ex = extractor.extract(Paper(id="p", title="Knowing What LLMs DO NOT Know about Slides", abstract=(
        "We propose Zorbit for slide analysis. We evaluate Zorbit on three real-world datasets: Qamelyon16 PAIQ2019 "
        "and Uijeon. Evaluations on four subtype datasets TQGA-BRCA TQGA-NSCLC TQGA-RCC and PANDAX demonstrate gains.")))
    found = {label: e.type for e in ex.entities for label in e.labels}
    for name in ("Qamelyon16", "PAIQ2019", "TQGA-BRCA", "TQGA-NSCLC", "TQGA-RCC"):
        assert found.get(name) == "Dataset", (name, found)
    assert not {"DO", "NOT", "DO NOT"} & set(found), found


def _typed_labels(extractor, abstract: str) -> dict[str, str]:
    from kg.records import Paper
    return {label: e.type for e in extractor.extract(Paper(id="p", abstract=abstract)).entities for label in e.labels}


def test_data_named_by_its_origin_is_a_dataset(extractor) -> None:
    """h33c: "synthetic and real-world datasets", "simulated data": the guideline's data used for training or
    evaluation, annotated wherever an abstract evaluates on it. Control on the same input: data named by its state
    ("noisy data") is none."""
    found = _typed_labels(extractor, (
        "Experiments on synthetic and real-world datasets show gains. We also use simulated data and noisy data."))
    assert found.get("real-world datasets") == "Dataset", found
    assert found.get("simulated data") == "Dataset", found
    assert "noisy data" not in found, found


def test_a_task_narrowed_by_what_it_is_applied_to_keeps_its_words(extractor) -> None:
    """h33c: "food image classification" around the known "image classification" keeps its words (a label of the
    task), where a judgement before it ("careful image classification") is dropped for the known task."""
    found = _typed_labels(extractor, (
        "We study food image classification. A careful image segmentation follows."))
    assert found.get("food image classification") == "Task", found
    assert found.get("image segmentation") == "Task", found
    assert "careful image segmentation" not in found, found
