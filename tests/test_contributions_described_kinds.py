"""A contribution described by a bare kind noun and what distinguishes it (statistics and theory abstracts):
"an estimator of the average treatment effect", "the first algorithm that returns …"; never a generic label."""
from __future__ import annotations

import pytest

from kg.extract import Extractor
from kg.records import Paper


def _proposed(extractor: Extractor, abstract: str) -> dict[str, str]:
    ex = extractor.extract(Paper(id="p", abstract=abstract))
    return {e.labels[0]: e.type for e in ex.entities if e.proposed}


@pytest.mark.parametrize("abstract, name", [
    ("We develop a new estimator of the average treatment effect under interference.",
     "estimator of the average treatment effect"),
    ("We propose an unbiased estimator of the gradient of the marginal likelihood.",
     "unbiased estimator of the gradient of the marginal likelihood"),
    ("We introduce a kernel test of goodness of fit for point processes.",
     "kernel test of goodness of fit for point processes"),
    ("We propose a consistent test of conditional independence for continuous data.",
     "consistent test of conditional independence for continuous data"),
])
def test_an_estimator_or_test_is_named_with_what_it_estimates_or_tests(extractor, abstract, name):
    """The "of" of an estimator or a test names what it estimates or tests: kept in the label ("unbiased
    estimator" or "kernel test" alone is any paper's)."""
    assert _proposed(extractor, abstract) == {name: "Method"}


def test_an_estimator_of_an_indefinite_thing_is_not_named_by_it(extractor):
    # the control: the same sentence with a definite object
    assert _proposed(extractor, "We propose an estimator of the interval containing the expected test loss.") == {
        "estimator of the interval": "Method"}
    assert "estimator of an interval" not in _proposed(
        extractor, "We propose an estimator of an interval containing the expected test loss.")


def test_a_complement_that_is_only_a_generic_noun_names_nothing(extractor):
    """"efficient algorithms for the problem" is no label (it would join every paper's); "for the matching problem"
    is one."""
    assert _proposed(extractor, "We propose efficient algorithms for the matching problem.") == {
        "algorithms for the matching problem": "Method"}
    assert _proposed(extractor, "We propose efficient algorithms for the problem.") == {}
    assert _proposed(extractor, "We propose algorithms for solving the matching task.") == {
        "algorithms for solving the matching task": "Method"}
    assert _proposed(extractor, "We propose algorithms for solving this task.") == {}


def test_tests_for_something_else_are_not_read_as_a_test_of(extractor):
    # the control: "a new test of …"
    assert _proposed(extractor, "We propose a new test of independence for continuous data.") == {
        "test of independence for continuous data": "Method"}
    assert _proposed(extractor, "We construct tests for each one in order to evaluate them.") == {}


@pytest.mark.parametrize("abstract, name", [
    ("We give the first algorithm that returns an optimal coreset for k-means clustering.",
     "algorithm that returns an optimal coreset"),
    ("We present the first such algorithm that attains sublinear regret using only calls to the oracle.",
     "algorithm that attains sublinear regret"),
    ("We present the first algorithms that learn halfspaces under Massart noise in polynomial time.",
     "algorithms that learn halfspaces"),
])
def test_the_first_of_a_kind_is_named_with_its_relative_clause(extractor, abstract, name):
    assert _proposed(extractor, abstract) == {name: "Method"}


def test_a_definite_kind_noun_with_a_clause_is_not_the_first_of_its_kind(extractor):
    # "the algorithm that …" refers back; the control: "the first algorithm that …" in the same sentence
    assert _proposed(extractor, "We present the first algorithm that learns halfspaces under Massart noise.") == {
        "algorithm that learns halfspaces": "Method"}
    assert _proposed(extractor, "We present the algorithm that learns halfspaces under Massart noise.") == {}


def test_a_complement_does_not_end_on_the_preposition_of_a_clause(extractor):
    abstract = "We propose a formal framework for probabilistic MDC in which learning can be decomposed."
    assert _proposed(extractor, abstract) == {"formal framework for probabilistic MDC": "Method"}


def test_an_estimator_of_a_phrase_cut_to_one_word_is_not_named(extractor):
    # the control: a phrase with no second preposition is kept whole
    assert _proposed(extractor, "We develop an estimator of the difference of inverse spectral densities.") == {
        "estimator of the difference of inverse spectral densities": "Method"}
    abstract = ("We develop an estimator of the difference in inverse spectral densities of the brain across two "
                "conditions of the patient.")
    assert "estimator of the difference" not in _proposed(extractor, abstract)


@pytest.mark.parametrize("abstract, name", [
    ("We propose and analyze a new estimator of the covariance matrix that admits strong guarantees.",
     "estimator of the covariance matrix"),
    ("We introduce and evaluate two methods for regularising the training process.",
     "methods for regularising the training process"),
    ("This paper proposes and evaluates a retrieval-augmented planning framework.",
     "retrieval-augmented planning framework"),
])
def test_a_contribution_verb_joined_to_a_second_verb_shares_its_object(extractor, abstract, name):
    """"we propose and analyze X": X is the object of both verbs, the described contribution."""
    assert _proposed(extractor, abstract) == {name: "Method"}


def test_a_joined_verb_of_a_problem_proposes_nothing(extractor):
    # the control: a name after the joined verbs is still the contribution
    assert _proposed(extractor, "We propose and analyze FedFoo, a new algorithm for federated learning.") == {
        "FedFoo": "Method"}
    assert _proposed(extractor, "We propose and study the problem of learning with rejection.") == {}
    assert _proposed(extractor, "We introduce and study the r-move k-partitioning problem, a natural variant.") == {}


def _addressed(extractor: Extractor, abstract: str) -> set[tuple[str, str]]:
    ex = extractor.extract(Paper(id="p", abstract=abstract))
    labels = {e.key: e.labels[0] for e in ex.entities}
    return {(labels[r.subject], labels[r.object]) for r in ex.relations if r.predicate == "addresses"}


@pytest.mark.parametrize("abstract, contribution, task", [
    ("We propose a simple algorithm for low-rank tensor completion that achieves optimal sample complexity.",
     "algorithm for low-rank tensor completion", "low-rank tensor completion"),
    ("We give an algorithm for learning mixtures of Gaussians that uses few samples.",
     "algorithm for learning mixtures of Gaussians", "learning mixtures of Gaussians"),
    ("We develop a procedure for testing independence in high dimensions.",
     "procedure for testing independence in high dimensions", "testing independence"),
    ("We present a method for performing efficient MCMC inference in such models.",
     "method for performing efficient MCMC inference", "MCMC inference"),
])
def test_what_a_described_method_is_for_is_the_task_it_addresses(extractor, abstract, contribution, task):
    """"an algorithm for low-rank tensor completion": the task after "for" is an entity of its own, addressed, even
    where no vocabulary knows it (a light verb's gerund left out: "performing")."""
    assert (contribution, task) in _addressed(extractor, abstract), _addressed(extractor, abstract)


def test_what_a_described_estimator_computes_is_no_task(extractor):
    # the control: the same kind of sentence with a task after "for"
    assert _addressed(extractor, "We give an efficient algorithm for robust mean estimation in high dimensions.") == {
        ("algorithm for robust mean estimation", "robust mean estimation")}
    assert _addressed(extractor, "We propose a new estimator for the average treatment effect under interference.") \
        == set()
    # a complement cut inside its phrase holds no task: "designing private | boosting algorithms"; nor does a range
    assert _proposed(extractor, "We present a relatively simple approach for all d ≥ 1 that achieves the rate.") == {
        "relatively simple approach": "Method"}
    assert _addressed(extractor, "We introduce a simple framework for designing private boosting algorithms.") == set()


def test_describing_words_alone_keep_what_the_method_is_for(extractor):
    """"a computationally efficient algorithm for sparse linear regression": describing words name nothing, the
    contribution is kept whole with what it is for."""
    abstract = "We present a computationally efficient algorithm for sparse linear regression with heavy-tailed noise."
    assert _proposed(extractor, abstract) == {"computationally efficient algorithm for sparse linear regression": "Method"}
    # the control: a word that says what kind of algorithm it is names it
    assert _proposed(extractor, "We present a projection-free algorithm for bandit convex optimization.") == {
        "projection-free algorithm": "Method"}


@pytest.mark.parametrize("abstract, name", [
    ("We introduce a test for conditional independence based on the Hilbert-Schmidt independence criterion.",
     "test for conditional independence"),
    ("We propose a new formulation for the budget learning problem via the concept of bracketings.",
     "formulation for the budget learning problem"),
])
def test_a_noun_of_a_thing_made_is_named_by_what_it_is_for(extractor, abstract, name):
    """"we introduce a test for conditional independence": a noun of a thing made ("test", "formulation") after a
    verb of proposing is a kind noun, kept with what it is for."""
    assert _proposed(extractor, abstract) == {name: "Method"}


def test_a_thing_made_for_a_gerund_whose_object_refers_back_is_not_named(extractor):
    # the control: the same sentence with an object of its own
    assert _proposed(extractor, "We propose a novel method for clustering networks by associating a feature vector.") \
        == {"method for clustering networks": "Method"}
    assert _proposed(extractor, "We propose a novel solution for clustering such networks by associating a feature "
                                "vector.") == {}
    assert _proposed(extractor, "We derive a closed-form solution for the optimal policy.") == {}


def test_a_participle_after_the_complement_opens_a_clause(extractor):
    """"an approach for policy evaluation built on …": "built" ends the complement as "based" does."""
    abstract = "We present an approach for policy evaluation built on temporal difference learning."
    assert _proposed(extractor, abstract) == {"approach for policy evaluation": "Method"}
    assert ("approach for policy evaluation", "policy evaluation") in _addressed(extractor, abstract)


@pytest.mark.parametrize("abstract, name", [
    ("Current models ignore where people look. To rectify this deviation, we propose to guide the attention "
     "mechanism using explicit linguistic-visual grounding.", "explicit linguistic-visual grounding"),
    ("Translation of rare languages is hard. We propose to improve unsupervised translation with cross-lingual "
     "supervision, which utilizes signals from related pairs.", "cross-lingual supervision"),
    ("Results are unreliable, and we propose using a systematic pipeline utilizing LLM-as-a-judge to identify these "
     "issues.", "systematic pipeline"),
])
def test_an_act_proposed_proposes_its_means(extractor, abstract, name):
    """"we propose to VERB … using X": of a paper with no other answer, the means of the act proposed is what it
    proposes."""
    assert _proposed(extractor, abstract) == {name: "Method"}


def test_an_act_done_by_another_act_or_with_a_known_concept_proposes_nothing(extractor):
    # the controls: the same sentence done "by" another act, or with a known concept, or a bare word; the positive
    # control: the same sentence "using" the grounding proposes it
    assert _proposed(extractor, "To rectify this deviation, we propose to guide the attention mechanism using "
                                "explicit linguistic-visual grounding.") == {"explicit linguistic-visual grounding": "Method"}
    assert _proposed(extractor, "To rectify this deviation, we propose to guide the attention mechanism by capturing "
                                "explicit linguistic-visual grounding.") == {}
    assert _proposed(extractor, "We propose to learn the long-term dependencies in a video using transformers.") == {}
    assert _proposed(extractor, "We propose to fine-tune a classifier using augmentations from an explainer.") == {}


def test_a_described_thing_made_is_named_by_its_made_noun(extractor):
    """"we propose a single-model solution to …": a noun of a thing made after a describing word names it."""
    assert _proposed(extractor, "We propose a single-model solution to address this new problem setting.") == {
        "single-model solution": "Method"}
    # the controls: a result, not a thing made; a part of what the paper made
    assert _proposed(extractor, "We propose a closed-form solution to this problem.") == {}
    assert "adaptive variant" not in _proposed(
        extractor, "We propose an adaptive variant of our method that adds basis functions.")


def test_a_name_after_a_made_noun_and_a_comma_is_proposed(extractor):
    abstract = "We also develop a state-of-the-art simulator, SaRNN, which can simulate SNNs using GPU hardware."
    assert _proposed(extractor, abstract) == {"SaRNN": "Method"}
    # the control: no comma, no apposition
    assert "SaRNN" not in _proposed(extractor, "We also develop a fast simulator and SaRNN can simulate SNNs.")


def test_a_hyphenated_describing_word_before_a_comma_leads_the_kind_phrase(extractor):
    """"a multi-task, probabilistic approach": "task" glued in "multi-task" describes, it is no kind noun."""
    assert _proposed(extractor, "We propose a multi-task, probabilistic approach to facilitate distantly supervised "
                                "relation extraction.") == {"probabilistic approach": "Method"}
    # the control: a kind noun alone before the comma is an apposition's head, not a describing word
    assert "probabilistic approach" not in _proposed(
        extractor, "We propose a task, a probabilistic approach to facilitate relation extraction.")


def test_a_present_perfect_of_we_proposes(extractor):
    """"We have developed a method for …": the present perfect of "we" is the paper's own doing."""
    assert _proposed(extractor, "We have developed a method for morphologically-aware text input in Kunwinjku.") == {
        "method for morphologically-aware text input in Kunwinjku": "Method"}
    # the control: other people's doing
    assert _proposed(extractor, "Researchers have developed a method for morphologically-aware text input.") == {}


@pytest.mark.parametrize("abstract, name", [
    ("We give a simple algorithm which solves this problem with few oracle calls.", {"algorithm": "Method"}),
    ("We propose algorithms that exploit the correlation between the cost and reward of each arm.",
     {"algorithms": "Method"}),
    ("This paper introduces a novel benchmark designed to evaluate the video OCR performance of models.",
     {"benchmark": "Dataset"}),
    ("We propose an efficient approach through numerical integration for calculating the likelihood.",
     {"approach": "Method"}),
    ("We develop a novel approach towards causal inference.", {"approach": "Method"}),
    ("We propose a new approach in which we use a recognition network to approximate the control variate.",
     {"approach": "Method"}),
])
def test_a_bare_kind_noun_of_last_resort_after_other_verbs_and_words(extractor, abstract, name):
    """"we give a simple algorithm which …", "we propose algorithms that …", "a novel benchmark designed to …": a
    kind noun alone after a verb of what the paper does is its contribution when nothing else names it."""
    assert _proposed(extractor, abstract) == name


def test_a_plural_kind_noun_without_a_determiner_needs_a_clause(extractor):
    assert _proposed(extractor, "We propose algorithms that exploit the correlation between costs and rewards.") == {
        "algorithms": "Method"}
    # the control: a plural kind noun with only a generic complement says nothing of its own
    assert _proposed(extractor, "We propose efficient algorithms for the problem.") == {}
    # ... and a proof is no kind of contribution
    assert _proposed(extractor, "We give a proof which shows that the problem is hard.") == {}


@pytest.mark.parametrize("title, abstract, name", [
    ("Underdamped Langevin MCMC: A non-asymptotic analysis",
     "We present a MCMC algorithm based on its discretization and show that it converges.", "MCMC algorithm"),
    ("", "Therefore, we propose a BNP-based strategy as a natural way to deal with both settings.",
     "BNP-based strategy"),
    ("",
     "Semantic parsing tasks, such as Abstract Meaning Representation (AMR), share goals with information extraction. "
     "We propose a novel AMR-guided framework for joint information extraction to discover entities.",
     "AMR-guided framework"),
    ("Inverse Problems with Diffusion Models: A MAP Estimation Perspective",
     "Here we propose a MAP estimation framework to model the reverse conditional generation process.",
     "MAP estimation framework"),
    ("", "Normalizing flows (NF) are popular. Thus we propose a novel NF framework to model "
     "this variability in segmentation maps.", "NF framework"),
])
def test_an_acronym_before_a_kind_noun_describes_it(extractor, title, abstract, name):
    """"a MCMC algorithm" of a title using MCMC, "a BNP-based strategy": an acronym between "a" and a kind noun that
    the abstract or title used before (or glued by "-based") is a known technique the contribution is of or builds on;
    the whole phrase is proposed, not the acronym."""
    ex = extractor.extract(Paper(id="p", title=title, abstract=abstract))
    proposed = {e.labels[0] for e in ex.entities if e.proposed}
    assert name in proposed
    assert name.split()[0].split("-")[0] not in proposed


def test_an_unknown_acronym_before_a_kind_noun_stays_the_name(extractor):
    # the control: an acronym nothing used before is the paper's own name
    assert _proposed(extractor, "We present a MCMC algorithm based on its discretization and show that it "
                                "converges.") == {"MCMC": "Method"}


def test_an_acronym_the_title_names_the_paper_by_stays_its_name(extractor):
    ex = extractor.extract(Paper(id="p", title="DDAM-PS: Diligent Domain Adaptive Mixer for Person Search",
                                 abstract="Specifically, we introduce a novel DDAM module that generates moderate "
                                          "mixed-domain representations."))
    proposed = {e.labels[0] for e in ex.entities if e.proposed}
    assert "DDAM" in proposed
    # the control: the same sentence under a title that uses it, but not as its opening name
    ex = extractor.extract(Paper(id="p", title="Diligent Mixing for Person Search with DDAM",
                                 abstract="Specifically, we introduce a novel DDAM module that generates moderate "
                                          "mixed-domain representations."))
    assert "DDAM module" in {e.labels[0] for e in ex.entities if e.proposed}


@pytest.mark.parametrize("abstract, name", [
    ("This paper presents a framework for real-time concealed weapon detection (CWD) on 3D radar images.",
     "framework for real-time concealed weapon detection"),
    ("In this work, we present a new model-free algorithm for controlling linear quadratic (LQ) systems.",
     "model-free algorithm"),
])
def test_an_acronym_defined_in_what_the_contribution_is_for_is_not_the_contribution(extractor, abstract, name):
    """"a framework for real-time concealed weapon detection (CWD)": a task (or a word describing the noun after it)
    defined after the kind noun and "for" is what the contribution is for; the described kind is proposed."""
    proposed = _proposed(extractor, abstract)
    assert name in proposed
    assert not {"concealed weapon detection", "CWD", "linear quadratic", "LQ"} & set(proposed)


def test_an_acronym_defined_after_a_kind_noun_and_for_may_be_its_name(extractor):
    # the control: a long form typed as no task, nothing after the bracket, is the contribution's name
    assert "distributional regression using inverse flow transformations" in _proposed(
        extractor, "We close this gap by proposing a framework for distributional regression using inverse flow "
                   "transformations (DRIFT), which includes neural models.")


def test_an_additive_opening_without_its_comma_reads_the_contribution_before(extractor):
    """"In addition we propose …" (an abstract whose commas were lost): what it adds to is read too."""
    abstract = ("In detail we propose a simple yet effective covariance constraint loss to force the model to learn "
                "each class distribution. In addition we propose a perturbation approach to perturb the few-shot "
                "training samples in the feature space.")
    proposed = _proposed(extractor, abstract)
    assert "covariance constraint loss" in proposed and "perturbation approach" in proposed
    # the control: with no additive opening the second one alone is the answer
    assert "covariance constraint loss" not in _proposed(extractor, abstract.replace("In addition we", "We"))


def test_a_name_goes_on_past_a_lower_case_word_glued_by_a_hyphen(extractor):
    """"called Hessian-free MAML": the name goes on to its next capitalised word."""
    assert "Hessian-free MAML" in _proposed(extractor, "We further propose a new variant of the MAML algorithm called "
                                                       "Hessian-free MAML which preserves all guarantees of MAML.")
    # the control: the name is not cut at its hyphen
    assert "Hessian" not in _proposed(extractor, "We further propose a new variant of the MAML algorithm called "
                                                 "Hessian-free MAML which preserves all guarantees of MAML.")


def test_a_name_in_what_a_described_contribution_does_is_not_its_name(extractor):
    """"a two-stage algorithm for solving the regularized MLE": an acronym in the purpose of the described thing is
    not a name the contribution is given, and does not hide it."""
    assert _proposed(extractor, "We then propose a two-stage algorithm for solving the regularized MLE.") == {
        "two-stage algorithm": "Method"}


def test_a_notion_introduced_is_the_contribution_of_last_resort(extractor):
    """"We introduce the notion of "label convergence" to describe …": the notion the paper introduces."""
    assert _proposed(extractor, 'We introduce the notion of "label convergence" to describe the highest achievable '
                                'performance under contradictory test annotations.') == {"label convergence": "Method"}
    assert _proposed(extractor, "To this end we introduce the concept of uncertainty awareness into a self-supervised "
                                "contrastive learning model.") == {"uncertainty awareness": "Method"}
    # the control: one known word is no notion of the paper's own
    assert _proposed(extractor, "We introduce a notion of convexity, and we show that a variant of best-arm "
                                "identification works.") == {}
