import type { SeedCourse } from './types';

export const nlpWithTransformers: SeedCourse = {
  slug: 'nlp-with-transformers',
  title: 'NLP with Transformers: From Tokens to Fine-Tuned Models',
  description: `<p>Transformers power modern language technology, from search and chat assistants to translation and document classification. This course explains how they work, step by step, and shows you how to adapt a pretrained model to your own task.</p>
<p>You will learn how text becomes numbers through <strong>tokenization</strong> and <strong>embeddings</strong>, work through <strong>self-attention</strong> by hand, see how encoders and decoders differ, and then <strong>fine-tune</strong> a pretrained transformer for text classification with the Hugging Face libraries.</p>
<p>Best suited to learners who know Python and the basics of neural networks (layers, loss, gradient descent). <em>This course is free.</em></p>`,
  priceCents: 0,
  difficulty: 'Intermediate',
  duration: '5h 45m',
  items: [
    {
      kind: 'module',
      title: 'Text as Numbers',
      description: 'Tokenization, embeddings and the sequence models that came before transformers.',
      lessons: [
        {
          title: 'Tokenization: Words, Characters and Subwords',
          type: 'text',
          duration: '9 min',
          content: `<h2>Splitting Text into Pieces a Model Can Use</h2>
<p>Neural networks operate on numbers, so the first step in any NLP pipeline is <strong>tokenization</strong>: splitting text into units called <em>tokens</em> and mapping each one to an integer ID from a fixed <strong>vocabulary</strong>.</p>
<h3>Three strategies</h3>
<ul>
<li><strong>Word-level</strong>: split on spaces and punctuation. Intuitive, but the vocabulary explodes (every name, typo and inflection is a new word), and any word not seen during training becomes an <em>unknown</em> token.</li>
<li><strong>Character-level</strong>: tiny vocabulary and no unknown words, but sequences become very long and each token carries little meaning.</li>
<li><strong>Subword-level</strong>: the compromise used by virtually all modern transformers. Frequent words stay whole, while rare words are split into meaningful pieces, for example "tokenization" into "token" and "ization".</li>
</ul>
<h3>How subword vocabularies are learned</h3>
<p><strong>Byte-Pair Encoding (BPE)</strong> starts from individual characters (or bytes) and repeatedly merges the most frequent adjacent pair into a new symbol until the vocabulary reaches a target size, often 30,000 to 100,000 tokens or more. <strong>WordPiece</strong> (used by BERT) and <strong>Unigram</strong> (used by SentencePiece in models such as T5) follow the same idea with different merge or pruning criteria. Byte-level BPE, as in GPT-2, can represent any string at all, because every byte is in the base vocabulary.</p>
<h3>Special tokens</h3>
<p>Tokenizers also add markers the model was trained with, such as <code>[CLS]</code> and <code>[SEP]</code> in BERT or an end-of-text token in GPT models, plus a padding token so that sequences in a batch can share one length.</p>
<h3>Why you should care</h3>
<ul>
<li>A model only works with the tokenizer it was trained with. Always load them together.</li>
<li>Context limits and API prices are counted in tokens, not words. English averages roughly three-quarters of a word per token, while many other languages and source code use more tokens per word.</li>
<li>Oddities such as weak arithmetic or spelling can come from how numbers and words are split.</li>
</ul>`,
        },
        {
          title: 'Embeddings: Meaning as Geometry',
          type: 'text',
          duration: '9 min',
          content: `<h2>From IDs to Vectors</h2>
<p>A token ID like 4217 is just a label; the number itself has no meaning. We could use a <strong>one-hot</strong> vector, all zeros except a 1 at position 4217, but with a 50,000-token vocabulary these vectors are huge, and every pair of words is equally far apart: "cat" is as different from "kitten" as from "carburetor".</p>
<h3>Dense embeddings</h3>
<p>An <strong>embedding layer</strong> is a learned lookup table with one row per token, each row a dense vector of, say, 768 numbers. Looking up a row is mathematically the same as multiplying a one-hot vector by the embedding matrix, just far cheaper. During training these vectors are adjusted so that tokens used in similar contexts end up close together.</p>
<h3>Static word embeddings</h3>
<p>Methods like <strong>word2vec</strong> and <strong>GloVe</strong> learned one vector per word from co-occurrence patterns in large corpora. They revealed striking structure: directions in the space can loosely correspond to relations, as in the famous analogy <code>king - man + woman ≈ queen</code>. Their limitation is that each word gets exactly one vector, so "bank" means the same in "river bank" and "bank account".</p>
<h3>Contextual embeddings</h3>
<p>Transformers start from static token embeddings but then refine them layer by layer using the surrounding tokens. The output vector for "bank" differs depending on the sentence. These <strong>contextual embeddings</strong> are what make modern models so capable.</p>
<h3>Measuring similarity</h3>
<p>The standard measure is <strong>cosine similarity</strong>, the cosine of the angle between two vectors:</p>
<pre><code class="language-python">def cosine(a, b):
    return a @ b / (np.linalg.norm(a) * np.linalg.norm(b))</code></pre>
<p>It ranges from -1 to 1 and ignores vector length, focusing on direction. Sentence embedding models, trained so that texts with similar meaning get similar vectors, underpin semantic search, clustering, duplicate detection and retrieval-augmented generation.</p>`,
        },
        {
          title: 'Before Transformers: Recurrent Networks and Their Limits',
          type: 'text',
          duration: '8 min',
          content: `<h2>Why the Field Needed Attention</h2>
<p>Language is sequential, and meaning depends on order and on long-range connections. In "The trophy did not fit in the suitcase because <em>it</em> was too big," knowing what "it" refers to requires linking words several positions apart.</p>
<h3>Recurrent neural networks</h3>
<p>A <strong>recurrent neural network (RNN)</strong> reads one token at a time and maintains a hidden state vector, updated at each step from the previous state and the current token:</p>
<pre><code class="language-python">h_t = tanh(W_h @ h_prev + W_x @ x_t + b)</code></pre>
<p>The final hidden state summarizes the whole sequence and can feed a classifier. For translation, an <em>encoder</em> RNN compressed the source sentence into a vector and a <em>decoder</em> RNN generated the target from it.</p>
<h3>Three problems</h3>
<ol>
<li><strong>Vanishing gradients.</strong> Backpropagating through many time steps multiplies many factors together, so signals from distant tokens fade. LSTM and GRU cells added gates that help information survive longer, and they dominated NLP for several years, but very long dependencies remained hard.</li>
<li><strong>The bottleneck.</strong> Squeezing an entire sentence into one fixed-size vector loses information, especially for long inputs.</li>
<li><strong>No parallelism.</strong> Step <em>t</em> needs the result of step <em>t - 1</em>, so training cannot be parallelized across the sequence, which wastes modern GPUs.</li>
</ol>
<h3>The attention idea</h3>
<p>In 2014 and 2015, researchers let the decoder look back at <em>all</em> encoder states and compute a weighted average, focusing on the most relevant source words at each step. This <strong>attention</strong> mechanism fixed the bottleneck and made translation far better.</p>
<p>The 2017 paper "Attention Is All You Need" took the next step: drop recurrence entirely and build the model from attention alone. The result, the <strong>transformer</strong>, processes all positions in parallel and connects any two tokens in a single step. The next module opens it up.</p>`,
        },
      ],
    },
    {
      kind: 'module',
      title: 'Attention and the Transformer',
      description: 'Self-attention by hand, multi-head attention, positions and the main transformer families.',
      lessons: [
        {
          title: 'Self-Attention Step by Step',
          type: 'text',
          duration: '12 min',
          content: `<h2>Every Token Looks at Every Other Token</h2>
<p>In <strong>self-attention</strong>, each token builds its new representation as a weighted mix of all tokens in the sequence, including itself. The weights are computed from the data, so the model decides what to focus on.</p>
<h3>Queries, keys and values</h3>
<p>Each input vector <code>x_i</code> is projected three times by learned matrices:</p>
<ul>
<li><strong>Query</strong> <code>q_i = x_i Wq</code>: what this token is looking for.</li>
<li><strong>Key</strong> <code>k_j = x_j Wk</code>: what each token offers for matching.</li>
<li><strong>Value</strong> <code>v_j = x_j Wv</code>: the information each token passes along if selected.</li>
</ul>
<p>A useful analogy is a soft dictionary lookup: the query is compared with every key, and the result is a blend of the values, weighted by how well each key matched.</p>
<h3>Scaled dot-product attention</h3>
<pre><code class="language-python">def self_attention(X, Wq, Wk, Wv):
    Q, K, V = X @ Wq, X @ Wk, X @ Wv          # (T, d_k), (T, d_k), (T, d_v)
    scores = Q @ K.T / np.sqrt(K.shape[-1])   # (T, T) similarity matrix
    weights = softmax(scores, axis=-1)        # each row sums to 1
    return weights @ V                        # (T, d_v)</code></pre>
<p>Row <em>i</em> of <code>weights</code> says how much token <em>i</em> attends to each token. For "it" in our trophy sentence, a well-trained model places high weight on "trophy".</p>
<h3>Why divide by the square root of d_k?</h3>
<p>Dot products of random vectors grow in magnitude with their dimension. Large scores push softmax into a nearly one-hot regime where gradients are tiny. Scaling by <code>sqrt(d_k)</code> keeps the scores in a healthy range.</p>
<h3>Masking</h3>
<p>Two kinds of masks set certain scores to negative infinity before the softmax, giving them zero weight:</p>
<ul>
<li>A <strong>padding mask</strong> prevents attention to padding tokens.</li>
<li>A <strong>causal mask</strong> prevents token <em>i</em> from seeing positions after <em>i</em>, which is essential when training a model to predict the next token.</li>
</ul>
<h3>The cost</h3>
<p>The score matrix is <code>T x T</code>, so compute and memory grow quadratically with sequence length. This is the main reason context windows are limited, and why optimized kernels such as FlashAttention matter.</p>`,
        },
        {
          title: 'Multi-Head Attention, Positions and the Transformer Block',
          type: 'text',
          duration: '11 min',
          content: `<h2>Assembling a Full Transformer Layer</h2>
<h3>Multi-head attention</h3>
<p>One attention pattern per layer is limiting: a token may need to track its grammatical subject, a nearby adjective and a coreference all at once. <strong>Multi-head attention</strong> runs several attention operations in parallel, each with its own smaller projections. With a model width of 768 and 12 heads, each head works in 64 dimensions. The heads' outputs are concatenated and mixed by one more linear projection. The total cost is similar to a single full-width head, but the model gains several independent "views".</p>
<h3>Injecting word order</h3>
<p>Attention by itself is <em>permutation-equivariant</em>: shuffle the input tokens and the outputs are shuffled the same way. Without extra information, "dog bites man" and "man bites dog" would look identical apart from order. Transformers therefore add positional information:</p>
<ul>
<li><strong>Sinusoidal encodings</strong> (original transformer): fixed sine and cosine patterns of different frequencies added to the embeddings.</li>
<li><strong>Learned position embeddings</strong> (BERT, GPT-2): a trainable vector per position, up to a maximum length.</li>
<li><strong>Rotary position embeddings (RoPE)</strong>: rotate queries and keys by position-dependent angles so that attention scores depend on relative distance. Widely used in recent large language models.</li>
</ul>
<h3>The transformer block</h3>
<p>A block combines two sub-layers, each wrapped with a <strong>residual connection</strong> and <strong>layer normalization</strong>:</p>
<pre><code class="language-python">h = x + MultiHeadAttention(LayerNorm(x))
out = h + FeedForward(LayerNorm(h))</code></pre>
<p>This is the common <em>pre-norm</em> arrangement; the original paper normalized after each addition instead. The <strong>feed-forward network</strong> is applied to each position independently: typically a dense layer expanding to about four times the model width, a non-linearity such as GELU, and a projection back down.</p>
<h3>Why it works so well</h3>
<ul>
<li>Residual connections give gradients a direct path through dozens of layers.</li>
<li>Attention mixes information <em>between</em> positions; the feed-forward layers process information <em>within</em> each position.</li>
<li>Everything is matrix multiplication, which GPUs execute extremely efficiently.</li>
</ul>
<p>Stack 12, 24 or many more of these blocks and you have the backbone of BERT, GPT and their descendants.</p>`,
        },
        {
          title: 'Encoders, Decoders and Encoder-Decoders',
          type: 'text',
          duration: '9 min',
          content: `<h2>Three Families, Three Jobs</h2>
<p>The same building block is arranged in three main ways, and the choice determines what a model is good at.</p>
<h3>Encoder-only models (BERT family)</h3>
<p>Encoders use <strong>bidirectional</strong> attention: every token sees every other token. BERT was pretrained with <strong>masked language modeling</strong>: about 15% of tokens are selected, mostly replaced with a <code>[MASK]</code> token, and the model predicts the originals using context from both sides. Encoders produce rich contextual representations and excel at understanding tasks:</p>
<ul>
<li>text classification (sentiment, topic, intent),</li>
<li>token classification such as named entity recognition,</li>
<li>extractive question answering and sentence embeddings.</li>
</ul>
<p>BERT-base has 12 layers, a hidden size of 768 and about 110 million parameters. Variants such as RoBERTa and DeBERTa improved the training recipe.</p>
<h3>Decoder-only models (GPT family)</h3>
<p>Decoders use a <strong>causal mask</strong>, so each token attends only to earlier positions. They are trained on <strong>next-token prediction</strong> over huge text corpora. At inference time they generate text one token at a time, appending each new token to the input. Nearly all of today's large chat and code models are decoder-only, because this one objective scales well and naturally supports open-ended generation.</p>
<h3>Encoder-decoder models (T5, BART)</h3>
<p>The encoder reads the full input bidirectionally; the decoder generates the output causally and uses <strong>cross-attention</strong>, in which queries come from the decoder and keys and values from the encoder output. This suits sequence-to-sequence tasks where the output is a transformation of the input: translation, summarization, rewriting. T5 framed every task as text-to-text, for example "summarize: ..." in and the summary out.</p>
<h3>Choosing</h3>
<blockquote>Need labels or embeddings for text, cheaply and at high volume? Start with an encoder. Need free-form generation or instruction following? Use a decoder. Have a clear input-to-output transformation and want a compact model? Consider an encoder-decoder.</blockquote>`,
        },
      ],
    },
    {
      kind: 'quiz',
      title: 'Checkpoint: Tokens and Attention',
      description: 'Make sure the mechanics of tokenization and attention are clear before fine-tuning.',
      questions: [
        {
          question: 'Why are attention scores divided by the square root of the key dimension?',
          options: [
            'To keep dot products from growing large and saturating the softmax',
            'To make each row of attention weights sum to one',
            'To reduce the number of trainable parameters',
          ],
          correctAnswer: 1,
        },
        {
          question: 'What is the main advantage of subword tokenization over word-level tokenization?',
          options: [
            'It always produces shorter sequences than word-level tokenization',
            'It removes the need for an embedding layer',
            'It guarantees that each token is a complete English word',
            'Rare and unseen words can be represented as sequences of known pieces',
          ],
          correctAnswer: 4,
        },
        {
          question: 'In a decoder-only model such as GPT, what does the causal mask ensure?',
          options: [
            'Each token attends only to positions after it',
            'Each token attends only to itself and earlier positions',
            'Padding tokens are removed from the vocabulary',
          ],
          correctAnswer: 2,
        },
        {
          question: 'Without positional information, how does self-attention treat its input tokens?',
          options: [
            'As an ordered sequence, because attention reads tokens left to right',
            'As an unordered set: permuting the inputs simply permutes the outputs',
          ],
          correctAnswer: 2,
        },
        {
          question: 'What was the main pretraining objective of BERT?',
          options: [
            'Predicting the next token from left context only',
            'Translating between pairs of languages',
            'Predicting masked tokens using context from both sides',
            'Matching images with their captions',
          ],
          correctAnswer: 3,
        },
      ],
    },
    {
      kind: 'module',
      title: 'Fine-Tuning in Practice',
      description: 'Adapt a pretrained transformer to your own classification task and evaluate it properly.',
      lessons: [
        {
          title: 'Transfer Learning and Pretrained Checkpoints',
          type: 'text',
          duration: '8 min',
          content: `<h2>Stand on the Shoulders of Pretraining</h2>
<p>Training a transformer from scratch requires enormous amounts of text and compute. Fortunately you rarely need to. <strong>Transfer learning</strong> splits the work into two stages:</p>
<ol>
<li><strong>Pretraining</strong>: a model learns general language knowledge (syntax, facts, common patterns of reasoning) from a huge unlabeled corpus, using a self-supervised objective such as masked or next-token prediction.</li>
<li><strong>Fine-tuning</strong>: you continue training that model on a small labeled dataset for your task. Because the model already understands language, a few thousand labeled examples, sometimes fewer, can be enough for strong results.</li>
</ol>
<h3>Adding a task head</h3>
<p>For classification, a small <strong>head</strong>, usually a single linear layer, is placed on top of the encoder. It reads a summary vector for the whole input, such as the final hidden state of BERT's <code>[CLS]</code> token, and outputs one score per class. The head starts random; the encoder starts from pretrained weights. During fine-tuning, typically <em>all</em> weights are updated, but with a small learning rate so the pretrained knowledge is adjusted rather than destroyed.</p>
<h3>Choosing a checkpoint</h3>
<ul>
<li><strong>Language and domain</strong>: a model pretrained on legal, biomedical or multilingual text often beats a general English model on matching data.</li>
<li><strong>Size</strong>: distilled models such as DistilBERT are faster and cheaper to serve; larger models are usually more accurate. Measure both speed and quality.</li>
<li><strong>Maximum sequence length</strong>: many encoders accept 512 tokens. Longer documents must be truncated, split into chunks or handled with a long-context model.</li>
<li><strong>License</strong>: check that the model's license permits your intended use.</li>
</ul>
<h3>Fine-tune or just prompt?</h3>
<p>Large generative models can classify text from instructions alone. For high-volume, well-defined tasks with labeled data, though, a fine-tuned encoder with a hundred million parameters is often just as accurate, much faster and far cheaper per prediction.</p>`,
        },
        {
          title: 'Fine-Tuning a Classifier with Hugging Face',
          type: 'text',
          duration: '12 min',
          content: `<h2>A Complete Fine-Tuning Run</h2>
<p>The Hugging Face <code>transformers</code> and <code>datasets</code> libraries make fine-tuning a pretrained model a short script. Here we train a sentiment classifier on movie reviews.</p>
<h3>1. Load data and tokenizer</h3>
<pre><code class="language-python">from datasets import load_dataset
from transformers import AutoTokenizer

ds = load_dataset("imdb")
checkpoint = "distilbert-base-uncased"
tokenizer = AutoTokenizer.from_pretrained(checkpoint)

def tokenize(batch):
    return tokenizer(batch["text"], truncation=True, max_length=256)

ds = ds.map(tokenize, batched=True)</code></pre>
<p>The tokenizer returns <code>input_ids</code> and an <code>attention_mask</code>, which marks real tokens with 1 and padding with 0.</p>
<h3>2. Model, padding and metrics</h3>
<pre><code class="language-python">import numpy as np
from transformers import AutoModelForSequenceClassification, DataCollatorWithPadding

model = AutoModelForSequenceClassification.from_pretrained(checkpoint, num_labels=2)
collator = DataCollatorWithPadding(tokenizer=tokenizer)

def compute_metrics(eval_pred):
    logits, labels = eval_pred
    preds = np.argmax(logits, axis=-1)
    return {"accuracy": (preds == labels).mean()}</code></pre>
<p>The collator pads each batch only to its longest sequence (<em>dynamic padding</em>), which saves a lot of compute compared with padding everything to the maximum length.</p>
<h3>3. Train</h3>
<pre><code class="language-python">from transformers import Trainer, TrainingArguments

args = TrainingArguments(
    output_dir="sentiment-model",
    learning_rate=2e-5,
    per_device_train_batch_size=16,
    num_train_epochs=2,
    weight_decay=0.01,
    eval_strategy="epoch",
)
trainer = Trainer(model=model, args=args,
                  train_dataset=ds["train"], eval_dataset=ds["test"],
                  data_collator=collator, compute_metrics=compute_metrics)
trainer.train()</code></pre>
<p>Argument names occasionally change between library versions, so check the documentation for the version you have installed. In a real project, carve a validation split out of the training data for tuning and keep the test split for a final evaluation.</p>
<h3>Typical settings</h3>
<ul>
<li>Learning rate between about 1e-5 and 5e-5, usually with linear decay and a short warmup.</li>
<li>Two to four epochs; more often overfits small datasets.</li>
<li>Mixed precision (<code>fp16=True</code> or <code>bf16=True</code> on supported GPUs) to roughly halve memory use and speed up training.</li>
</ul>`,
        },
        {
          title: 'Evaluation, Pitfalls and Efficient Fine-Tuning',
          type: 'text',
          duration: '10 min',
          content: `<h2>Knowing Whether It Really Worked</h2>
<h3>Evaluate beyond a single number</h3>
<p>Accuracy on a balanced test set is a start. For imbalanced labels, report per-class <strong>precision, recall and F1</strong>, and look at the confusion matrix. Then read the errors: fifty misclassified examples will teach you more than another decimal place of accuracy. You will often find label noise, ambiguous cases or a missing class.</p>
<h3>Common pitfalls</h3>
<ul>
<li><strong>Truncation surprises.</strong> If the deciding sentence is at the end of a long review and you truncate to 256 tokens, the model never sees it. Check length statistics in tokens, not characters.</li>
<li><strong>Learning rate too high.</strong> A rate such as 1e-3, reasonable for small networks trained from scratch, can wreck pretrained weights within a few hundred steps. The loss may spike or the model may collapse to predicting one class.</li>
<li><strong>Catastrophic forgetting.</strong> Aggressive fine-tuning on a narrow dataset can erase general abilities. Small learning rates and few epochs help.</li>
<li><strong>Leakage between splits.</strong> Near-duplicate texts (reposted reviews, templated emails) in both train and test inflate scores. Deduplicate before splitting.</li>
<li><strong>Distribution shift.</strong> A model trained on product reviews may fail on social media posts. Evaluate on data that resembles production.</li>
<li><strong>Seed variance.</strong> With small datasets, results can vary noticeably between random seeds. Run a few seeds before trusting a small improvement.</li>
</ul>
<h3>Parameter-efficient fine-tuning</h3>
<p>Full fine-tuning updates and stores a complete copy of every weight for each task. <strong>Parameter-efficient fine-tuning (PEFT)</strong> methods train only a small number of new parameters. The most popular, <strong>LoRA</strong>, freezes the original weight matrices and learns a low-rank update <code>W + B @ A</code>, where <code>B</code> and <code>A</code> are thin matrices. Typically well under 1% of the parameters are trained, memory use drops sharply, and each task's adapter is a small file that can be swapped at load time. Quality is often close to full fine-tuning.</p>
<h3>Shipping the model</h3>
<p>Save the model <em>and</em> tokenizer together, record the training data version and hyperparameters, and keep a fixed evaluation set so future versions can be compared fairly.</p>`,
        },
      ],
    },
    {
      kind: 'quiz',
      title: 'Final Quiz: Fine-Tuning Transformers',
      description: 'Check that you can fine-tune and evaluate a transformer responsibly.',
      questions: [
        {
          question: 'Which learning rate is a typical starting point for fully fine-tuning a BERT-sized model?',
          options: ['About 0.5', 'About 2e-5', 'About 10'],
          correctAnswer: 2,
        },
        {
          question: 'What does cosine similarity between two embedding vectors measure?',
          options: [
            'The angle between the vectors, ignoring their lengths',
            'The straight-line distance between the vector endpoints',
          ],
          correctAnswer: 1,
        },
        {
          question: 'What information does the attention_mask returned by a tokenizer carry?',
          options: [
            'Which tokens are nouns or verbs',
            'Which layers should be frozen during training',
            'Which positions hold real tokens and which hold padding',
            'Which tokens are the most important for the prediction',
          ],
          correctAnswer: 3,
        },
        {
          question: 'What is catastrophic forgetting in the context of fine-tuning?',
          options: [
            'The tokenizer losing rare words from its vocabulary',
            'The training job losing its checkpoint files after a crash',
            'The model memorizing the test set',
            'A fine-tuned model losing general abilities it learned during pretraining',
          ],
          correctAnswer: 4,
        },
        {
          question: 'How does LoRA reduce the cost of fine-tuning?',
          options: [
            'It deletes half of the attention heads',
            'It freezes the original weights and trains small low-rank update matrices',
            'It shortens every input to 64 tokens',
          ],
          correctAnswer: 2,
        },
      ],
    },
  ],
};
