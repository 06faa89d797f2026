import type { SeedCourse } from './types';

export const neuralNetworksFromScratch: SeedCourse = {
  slug: 'neural-networks-from-scratch',
  title: 'Neural Networks from Scratch: Build Deep Learning with NumPy',
  description: `<p>Frameworks like PyTorch make neural networks easy to use, and just as easy to treat as a black box. In this course you open the box. Starting from a single <strong>perceptron</strong>, you build up to multilayer networks and understand exactly how they compute, how they learn and why they sometimes fail to.</p>
<p>You will derive <strong>backpropagation</strong> with the chain rule, implement <strong>gradient descent</strong> and cross-entropy loss, and write a working classifier in plain <strong>NumPy</strong>: dense layers, activations, a training loop and a gradient checker, with no deep learning library in sight.</p>
<p>Recommended background: comfortable Python and NumPy, plus basic calculus (derivatives) and matrix multiplication. When you finish, framework code will read like something you could have written yourself.</p>`,
  priceCents: 2999,
  difficulty: 'Intermediate',
  duration: '8h 15m',
  items: [
    {
      kind: 'module',
      title: 'From Neurons to Networks',
      description: 'The perceptron, non-linear activations and the forward pass of a multilayer network.',
      lessons: [
        {
          title: 'The Perceptron',
          type: 'text',
          duration: '9 min',
          content: `<h2>The Simplest Learning Machine</h2>
<p>In 1958 Frank Rosenblatt introduced the <strong>perceptron</strong>, a model loosely inspired by biological neurons. It takes input features <code>x</code>, multiplies each by a weight, adds a bias and outputs 1 if the total is positive and 0 otherwise:</p>
<pre><code class="language-python">y_hat = 1 if (w · x + b) &gt; 0 else 0</code></pre>
<p>Geometrically, <code>w · x + b = 0</code> defines a line in two dimensions (a <em>hyperplane</em> in general). The perceptron labels points on one side 1 and on the other side 0.</p>
<h3>The learning rule</h3>
<p>Training loops over the examples. When the prediction is correct, nothing changes. When it is wrong, the weights are nudged toward the correct answer:</p>
<pre><code class="language-python">w = w + lr * (y - y_hat) * x
b = b + lr * (y - y_hat)</code></pre>
<p>If the true label is 1 but the perceptron said 0, the weights move toward <code>x</code>, making the weighted sum for that input larger next time. The <strong>perceptron convergence theorem</strong> guarantees that if the two classes can be separated by a hyperplane, this procedure finds a separating one in a finite number of updates.</p>
<h3>The famous limitation</h3>
<p>Many problems are not linearly separable. The classic example is <strong>XOR</strong>: output 1 when exactly one of two binary inputs is 1. Plot the four points and you will see that no single straight line puts (0,1) and (1,0) on one side and (0,0) and (1,1) on the other. Minsky and Papert highlighted such limits in 1969, and enthusiasm for neural networks cooled for years.</p>
<h3>The way out</h3>
<p>The fix is to stack units into <strong>layers</strong>. A hidden layer can transform the inputs into a new representation in which the classes <em>are</em> linearly separable. Two problems remain: the step function has zero gradient almost everywhere, so we cannot train deep stacks with calculus, and we need a rule for assigning blame to hidden units. Smooth activation functions and backpropagation solve both, and they are the subject of the next lessons.</p>`,
        },
        {
          title: 'Activation Functions',
          type: 'text',
          duration: '9 min',
          content: `<h2>Why Networks Need Non-Linearity</h2>
<p>A layer computes <code>z = xW + b</code> and then applies an <strong>activation function</strong> element-wise. Why not skip the activation? Because a composition of linear functions is itself linear: two layers <code>(xW1)W2</code> equal one layer with weights <code>W1W2</code>. Without non-linearities, a hundred-layer network is no more expressive than logistic regression.</p>
<h3>Sigmoid</h3>
<pre><code class="language-plaintext">sigmoid(z) = 1 / (1 + exp(-z))      derivative: s * (1 - s)</code></pre>
<p>Smooth and bounded in (0, 1), so it is natural for probabilities. Its derivative is at most 0.25 (at <code>z = 0</code>) and nearly zero for large <code>|z|</code>. Multiply many such small factors across layers and gradients shrink toward zero: the <strong>vanishing gradient</strong> problem. Sigmoid is now used mostly in output layers for binary classification.</p>
<h3>Tanh</h3>
<p><code>tanh</code> has the same S shape but ranges over (-1, 1) and is centered at zero, which tends to make optimization a bit easier than sigmoid. It still saturates at the extremes.</p>
<h3>ReLU</h3>
<pre><code class="language-plaintext">relu(z) = max(0, z)      derivative: 1 if z &gt; 0 else 0</code></pre>
<p>The <strong>rectified linear unit</strong> is the default for hidden layers. It is cheap to compute and does not saturate for positive inputs, so gradients flow well through deep networks. Its weakness is the <em>dying ReLU</em>: a unit whose input is negative for every example outputs zero and receives zero gradient, so it may never recover. Variants such as <strong>Leaky ReLU</strong> (a small slope for negative inputs) and <strong>GELU</strong> (a smooth curve popular in transformers) address this.</p>
<h3>Softmax for multi-class outputs</h3>
<p>For a final layer with <em>K</em> classes, <strong>softmax</strong> converts raw scores (logits) into probabilities that are positive and sum to 1:</p>
<pre><code class="language-plaintext">softmax(z)_i = exp(z_i) / sum_j exp(z_j)</code></pre>
<p>Summary: ReLU-family activations in hidden layers, sigmoid for a binary output, softmax for multi-class outputs, and no activation for regression outputs.</p>`,
        },
        {
          title: 'Multilayer Networks and the Forward Pass',
          type: 'text',
          duration: '10 min',
          content: `<h2>Stacking Layers with Matrix Math</h2>
<p>A <strong>multilayer perceptron (MLP)</strong> chains dense layers. Each layer takes the previous layer's output, multiplies by a weight matrix, adds a bias and applies an activation. Computing the output from the input is called the <strong>forward pass</strong>.</p>
<h3>Keep track of shapes</h3>
<p>We process a <em>batch</em> of examples at once. If <code>X</code> holds <em>N</em> examples with <em>D</em> features, it has shape <code>(N, D)</code>. For a hidden layer with <em>H</em> units:</p>
<ul>
<li><code>W1</code> has shape <code>(D, H)</code> and <code>b1</code> has shape <code>(H,)</code>.</li>
<li><code>Z1 = X @ W1 + b1</code> has shape <code>(N, H)</code>; the bias is broadcast across rows.</li>
<li><code>A1 = relu(Z1)</code> keeps shape <code>(N, H)</code>.</li>
</ul>
<p>A network for 3-class classification with one hidden layer looks like this:</p>
<pre><code class="language-python">Z1 = X @ W1 + b1         # (N, H)
A1 = np.maximum(0, Z1)   # ReLU
Z2 = A1 @ W2 + b2        # (N, 3)  logits
P  = softmax(Z2)         # (N, 3)  class probabilities</code></pre>
<p>Writing shapes as comments is not pedantry. Almost every bug in hand-written networks is a shape bug, and NumPy's broadcasting can make a wrong shape run silently.</p>
<h3>Counting parameters</h3>
<p>A dense layer from <em>D</em> inputs to <em>H</em> outputs has <code>D * H + H</code> parameters. A 784-128-10 network for handwritten digits has 784 * 128 + 128 + 128 * 10 + 10 = 101,770 parameters.</p>
<h3>What the layers learn</h3>
<p>Each hidden layer learns a new <em>representation</em> of the input. For XOR, a hidden layer with two units can map the four points into a space where one straight line separates them. The <strong>universal approximation theorem</strong> says that a single, wide enough hidden layer can approximate any continuous function on a bounded region, but in practice deeper networks usually learn useful representations with far fewer units. Depth lets the network build features out of features.</p>`,
        },
      ],
    },
    {
      kind: 'module',
      title: 'Learning with Gradients',
      description: 'Loss functions, gradient descent and the backpropagation algorithm.',
      lessons: [
        {
          title: 'Loss Functions',
          type: 'text',
          duration: '8 min',
          content: `<h2>Turning "Wrong" into a Number</h2>
<p>To improve a network we need a single number that measures how bad its predictions are: the <strong>loss</strong>. Training is the search for parameters that make the average loss over the training data small. The loss must be differentiable with respect to the parameters, because we will follow its gradient.</p>
<h3>Mean squared error for regression</h3>
<pre><code class="language-python">mse = np.mean((y_pred - y_true) ** 2)</code></pre>
<p>MSE penalizes large errors heavily and corresponds to assuming Gaussian noise in the targets. When outliers are common, <em>mean absolute error</em> or the <em>Huber loss</em> is more robust.</p>
<h3>Cross-entropy for classification</h3>
<p>For classification the network outputs probabilities <code>p</code>, and we want high probability on the correct class. <strong>Cross-entropy</strong> is the negative log of the probability assigned to the true class, averaged over examples:</p>
<pre><code class="language-python">loss = -np.mean(np.log(P[np.arange(N), y]))</code></pre>
<p>If the model gives the correct class probability 0.9, the loss for that example is about 0.105. At 0.01 it is about 4.6. Confident mistakes are punished severely, which pushes the model toward calibrated probabilities.</p>
<p>Why not use MSE on probabilities for classification? Combined with sigmoid or softmax outputs, MSE gives tiny gradients when the model is confidently wrong, so learning stalls exactly when it should be fastest. Cross-entropy does not have this problem.</p>
<h3>A beautiful gradient</h3>
<p>When softmax is followed by cross-entropy, the gradient of the loss with respect to the logits simplifies to:</p>
<pre><code class="language-python">dZ = (P - Y_onehot) / N</code></pre>
<p>Predicted probabilities minus the true one-hot labels: a simple result that we will implement directly. Frameworks fuse softmax and cross-entropy into one operation for exactly this reason, and because it is more numerically stable.</p>
<h3>A sanity check</h3>
<p>At initialization, with small random weights, a <em>K</em>-class classifier should predict roughly uniform probabilities, so the initial loss should be close to <code>log(K)</code>, about 2.30 for ten classes. If it is far off, something is wrong before training even starts.</p>`,
        },
        {
          title: 'Gradient Descent and Its Variants',
          type: 'text',
          duration: '10 min',
          content: `<h2>Walking Downhill</h2>
<p>Picture the loss as a landscape over the space of all parameters. The <strong>gradient</strong> is a vector pointing in the direction of steepest <em>increase</em>. To reduce the loss we step the opposite way:</p>
<pre><code class="language-python">theta = theta - learning_rate * grad</code></pre>
<h3>The learning rate</h3>
<p>The <strong>learning rate</strong> is the most important hyperparameter in deep learning.</p>
<ul>
<li>Too small: training crawls and may stall on plateaus.</li>
<li>Too large: updates overshoot the valley; the loss oscillates, climbs or becomes <code>NaN</code>.</li>
</ul>
<p>A practical approach is to try values spaced by factors of roughly three to ten (0.3, 0.1, 0.03, 0.01) and watch the loss curve during the first few hundred steps.</p>
<h3>Batch, stochastic and mini-batch</h3>
<p><em>Full-batch</em> gradient descent computes the exact gradient over the whole dataset for every step, which is expensive for large data. <strong>Stochastic gradient descent (SGD)</strong> estimates the gradient from a random subset. In practice we use <strong>mini-batches</strong> of, say, 32 to 512 examples: big enough to use vectorized hardware efficiently, small enough to take many updates per pass. One full pass over the training data is an <strong>epoch</strong>. The noise in mini-batch gradients is not purely a downside; it can help the optimizer escape poor regions.</p>
<h3>Momentum</h3>
<p>Plain SGD zig-zags in narrow valleys. <strong>Momentum</strong> keeps a running velocity:</p>
<pre><code class="language-python">v = beta * v + grad        # beta is often 0.9
theta = theta - lr * v</code></pre>
<p>Consistent gradient directions accumulate speed, while oscillating directions cancel out.</p>
<h3>Adam</h3>
<p><strong>Adam</strong> combines momentum with a per-parameter step size based on a running average of squared gradients, plus bias correction for the first steps. It works reasonably well with little tuning, which is why a learning rate of about 0.001 with Adam is a common starting point.</p>
<h3>Schedules</h3>
<p>Many training runs start with a short <em>warmup</em> and then decay the learning rate, for example with a cosine schedule, so that large early steps make fast progress and small late steps settle into a good minimum.</p>`,
        },
        {
          title: 'Backpropagation and the Chain Rule',
          type: 'text',
          duration: '12 min',
          content: `<h2>Assigning Blame Efficiently</h2>
<p>Gradient descent needs the derivative of the loss with respect to every weight. A network may have millions of weights, so computing each derivative separately would be hopeless. <strong>Backpropagation</strong> computes all of them in one backward sweep, at a cost comparable to a single forward pass.</p>
<h3>The chain rule on a graph</h3>
<p>Think of the forward pass as a chain of simple operations: multiply, add, ReLU, softmax, log. If <code>L</code> depends on <code>a</code> through <code>b</code>, the chain rule says <code>dL/da = dL/db * db/da</code>. Backprop starts from the loss, where <code>dL/dL = 1</code>, and walks the graph in reverse. Each operation receives the gradient of the loss with respect to its <em>output</em> (the <strong>upstream gradient</strong>), multiplies it by its own <em>local</em> derivative and passes the result to its inputs.</p>
<h3>Gradients of a dense layer</h3>
<p>For <code>Z = X @ W + b</code> with upstream gradient <code>dZ</code> of shape <code>(N, H)</code>:</p>
<pre><code class="language-python">dW = X.T @ dZ          # (D, N) @ (N, H) -&gt; (D, H), same shape as W
db = dZ.sum(axis=0)    # (H,), summed over the batch
dX = dZ @ W.T          # (N, H) @ (H, D) -&gt; (N, D), passed further back</code></pre>
<p>A reliable trick: every gradient has the same shape as the quantity it belongs to, and there is usually only one way to arrange the matrix products so the shapes work out.</p>
<h3>Gradient of ReLU</h3>
<p>ReLU passes the upstream gradient through where its input was positive and blocks it elsewhere: <code>dZ = dA * (Z &gt; 0)</code>. This is why we <strong>cache</strong> values from the forward pass; the backward pass needs them.</p>
<h3>Putting it together for our MLP</h3>
<pre><code class="language-python">dZ2 = (P - Y_onehot) / N
dW2 = A1.T @ dZ2;  db2 = dZ2.sum(axis=0)
dA1 = dZ2 @ W2.T
dZ1 = dA1 * (Z1 &gt; 0)
dW1 = X.T @ dZ1;   db1 = dZ1.sum(axis=0)</code></pre>
<p>This reverse-mode scheme is exactly what automatic differentiation engines such as PyTorch's autograd perform for you. Understanding it lets you reason about vanishing gradients, memory use during training (all those cached activations) and custom layers.</p>`,
        },
      ],
    },
    {
      kind: 'quiz',
      title: 'Checkpoint: Forward and Backward',
      description: 'Confirm you understand activations, losses, gradient descent and backprop before writing code.',
      questions: [
        {
          question: 'Why can a single perceptron not learn the XOR function?',
          options: [
            'XOR requires more training examples than a perceptron can store',
            'XOR is not linearly separable',
            'The perceptron has no bias term',
          ],
          correctAnswer: 2,
        },
        {
          question: 'What happens if you stack several dense layers without any activation functions between them?',
          options: [
            'The network becomes unable to fit even linear data',
            'Training always diverges',
            'The network is still equivalent to a single linear transformation',
            'The network becomes a universal approximator',
          ],
          correctAnswer: 3,
        },
        {
          question: 'What is the maximum value of the derivative of the sigmoid function?',
          options: ['1', '0.5', '0.25', '0'],
          correctAnswer: 3,
        },
        {
          question: 'In gradient descent, in which direction are parameters updated?',
          options: ['In the direction of the gradient', 'Opposite to the direction of the gradient'],
          correctAnswer: 2,
        },
        {
          question:
            'For a dense layer Z = X @ W + b with upstream gradient dZ, which expression gives the gradient with respect to W?',
          options: ['X.T @ dZ', 'dZ @ W.T', 'dZ.sum(axis=0)'],
          correctAnswer: 1,
        },
      ],
    },
    {
      kind: 'module',
      title: 'Building It in NumPy',
      description: 'Implement layers, a training loop and the debugging tools that keep you honest.',
      lessons: [
        {
          title: 'Implementing Layers as Objects',
          type: 'text',
          duration: '11 min',
          content: `<h2>A Tiny Framework in Forty Lines</h2>
<p>Let us turn the math into reusable code. Each layer gets two methods: <code>forward</code>, which computes outputs and caches what the backward pass needs, and <code>backward</code>, which receives the upstream gradient, stores gradients for its own parameters and returns the gradient for its input.</p>
<pre><code class="language-python">import numpy as np

class Dense:
    def __init__(self, n_in, n_out, rng):
        # He initialization suits ReLU networks
        self.W = rng.normal(0.0, np.sqrt(2.0 / n_in), size=(n_in, n_out))
        self.b = np.zeros(n_out)

    def forward(self, X):
        self.X = X                      # cache input
        return X @ self.W + self.b

    def backward(self, dY):
        self.dW = self.X.T @ dY
        self.db = dY.sum(axis=0)
        return dY @ self.W.T

class ReLU:
    def forward(self, X):
        self.mask = X &gt; 0
        return X * self.mask

    def backward(self, dY):
        return dY * self.mask</code></pre>
<h3>Softmax with cross-entropy</h3>
<p>We combine the output activation and the loss in one function, which gives both numerical stability and the simple gradient derived earlier:</p>
<pre><code class="language-python">def softmax_cross_entropy(logits, y):
    shifted = logits - logits.max(axis=1, keepdims=True)
    exp = np.exp(shifted)
    probs = exp / exp.sum(axis=1, keepdims=True)
    n = logits.shape[0]
    loss = -np.log(probs[np.arange(n), y] + 1e-12).mean()
    grad = probs.copy()
    grad[np.arange(n), y] -= 1.0
    return loss, grad / n</code></pre>
<p>Subtracting the row maximum before <code>np.exp</code> does not change the softmax result, because the constant cancels in the ratio, but it prevents overflow when logits are large. Without it, a logit of 1000 would produce <code>inf</code> and then <code>nan</code>.</p>
<h3>Design notes</h3>
<ul>
<li>Every layer stores exactly what its backward pass needs, and nothing more.</li>
<li>The labels <code>y</code> are integer class indices, not one-hot vectors; indexing with <code>np.arange(n), y</code> picks each example's true-class probability.</li>
<li>This interface mirrors real frameworks, where modules define the forward computation and autograd derives the backward one.</li>
</ul>`,
        },
        {
          title: 'Writing the Training Loop',
          type: 'text',
          duration: '10 min',
          content: `<h2>Forward, Loss, Backward, Update</h2>
<p>With layers and a loss in place, training is a loop. We will classify a toy two-dimensional dataset with three classes, such as the classic interleaved spirals, which no linear model can separate.</p>
<pre><code class="language-python">rng = np.random.default_rng(0)
layers = [Dense(2, 64, rng), ReLU(), Dense(64, 3, rng)]
lr, batch_size = 0.1, 32

for epoch in range(200):
    order = rng.permutation(len(X_train))
    for start in range(0, len(X_train), batch_size):
        idx = order[start:start + batch_size]
        out = X_train[idx]
        for layer in layers:                 # forward
            out = layer.forward(out)
        loss, grad = softmax_cross_entropy(out, y_train[idx])
        for layer in reversed(layers):       # backward
            grad = layer.backward(grad)
        for layer in layers:                 # SGD update
            if isinstance(layer, Dense):
                layer.W -= lr * layer.dW
                layer.b -= lr * layer.db</code></pre>
<h3>Why shuffle every epoch?</h3>
<p>If the data is sorted by class, consecutive mini-batches would contain a single class, and the gradient would pull the model back and forth. Reshuffling makes each mini-batch a fair sample of the data.</p>
<h3>Measuring progress</h3>
<p>Write a <code>predict</code> helper that runs the forward pass and takes <code>argmax</code> over the logits. After each epoch, log the training loss and the validation accuracy. Healthy training shows the loss falling quickly at first and then more slowly. If validation accuracy peaks and then falls while training loss keeps dropping, the network is overfitting; add <em>L2 weight decay</em> (add <code>lam * W</code> to <code>dW</code>) or stop earlier.</p>
<h3>A classic debugging move</h3>
<p>Before training on the full dataset, try to <strong>overfit a tiny subset</strong>, say 20 examples. A correct implementation should drive the loss close to zero. If it cannot, there is a bug in the forward pass, the backward pass or the update, and adding more data will not fix it.</p>
<h3>From here to frameworks</h3>
<p>Swap the manual update for an optimizer object, replace hand-written backward methods with autograd, move arrays to a GPU, and you essentially have PyTorch's training loop.</p>`,
        },
        {
          title: 'Gradient Checking and Initialization',
          type: 'text',
          duration: '10 min',
          content: `<h2>Trust, but Verify</h2>
<p>A backward pass with a subtle mistake often still trains, just worse, so bugs can hide for weeks. <strong>Gradient checking</strong> compares your analytic gradients with numerical estimates from the definition of the derivative.</p>
<h3>Centered finite differences</h3>
<pre><code class="language-python">def numerical_grad(f, W, eps=1e-5):
    grad = np.zeros_like(W)
    for i in np.ndindex(W.shape):
        old = W[i]
        W[i] = old + eps; plus = f()
        W[i] = old - eps; minus = f()
        W[i] = old
        grad[i] = (plus - minus) / (2 * eps)
    return grad</code></pre>
<p>Here <code>f</code> runs the forward pass and returns the loss. The centered difference is much more accurate than the one-sided version. Compare with the <em>relative error</em> <code>|a - n| / max(|a| + |n|, 1e-12)</code>. With float64, values around 1e-7 or smaller are excellent; above about 1e-3 you almost certainly have a bug. Check on a small network and a few examples, because this is slow: two forward passes per parameter. Kinks such as ReLU at zero can cause occasional harmless mismatches.</p>
<h3>Why initialization matters</h3>
<p>If every weight starts at zero, all units in a layer compute the same output and receive the same gradient, so they stay identical forever. Random initialization <strong>breaks the symmetry</strong>. But the scale matters too:</p>
<ul>
<li>Too small, and activations shrink layer after layer until gradients vanish.</li>
<li>Too large, and activations and gradients explode.</li>
</ul>
<p>Principled schemes keep the variance of activations roughly constant across layers:</p>
<ul>
<li><strong>Xavier/Glorot</strong>: variance <code>2 / (n_in + n_out)</code>, designed for tanh-like activations.</li>
<li><strong>He/Kaiming</strong>: variance <code>2 / n_in</code>, designed for ReLU, which zeroes about half its inputs.</li>
</ul>
<h3>A checklist when training fails</h3>
<ol>
<li>Does the initial loss match <code>log(K)</code>?</li>
<li>Does the gradient check pass?</li>
<li>Can the network overfit 20 examples?</li>
<li>Is the learning rate in a sensible range?</li>
</ol>
<p>Working through these in order resolves the vast majority of neural network bugs.</p>`,
        },
      ],
    },
    {
      kind: 'quiz',
      title: 'Final Quiz: Neural Networks in Practice',
      description: 'Test your understanding of implementation details and debugging techniques.',
      questions: [
        {
          question: 'What is the main purpose of gradient checking?',
          options: [
            'To speed up training on large datasets',
            'To choose the best learning rate automatically',
            'To prevent overfitting',
            'To verify an analytic backward pass against a finite-difference estimate',
          ],
          correctAnswer: 4,
        },
        {
          question: 'Why should the weights of a dense network not all be initialized to zero?',
          options: [
            'Units in the same layer would receive identical gradients and remain identical',
            'Zero weights cause a division by zero in the forward pass',
            'NumPy cannot perform matrix multiplication with zero matrices',
          ],
          correctAnswer: 1,
        },
        {
          question: 'He (Kaiming) initialization, designed for ReLU networks, draws weights with which variance?',
          options: ['n_in / 2', '2 / n_in', '2 / (n_in + n_out)'],
          correctAnswer: 2,
        },
        {
          question: 'Why do implementations subtract the maximum logit before applying exp in softmax?',
          options: ['To make the outputs sum to zero', 'To prevent numerical overflow without changing the result'],
          correctAnswer: 2,
        },
        {
          question: 'In mini-batch training, what is an epoch?',
          options: [
            'One parameter update on a single mini-batch',
            'One forward pass through a single layer',
            'One full pass through the training dataset',
            'The number of examples in a mini-batch',
          ],
          correctAnswer: 3,
        },
        {
          question: 'Which symptom most strongly suggests the learning rate is too high?',
          options: [
            'The loss oscillates wildly or becomes NaN',
            'The loss decreases slowly but steadily',
            'Training and validation loss are nearly identical',
          ],
          correctAnswer: 1,
        },
      ],
    },
  ],
};
