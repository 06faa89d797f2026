import type { SeedCourse } from './types';

export const firstCourseInMachineLearning: SeedCourse = {
  slug: 'first-course-in-machine-learning',
  title: 'Machine Learning Foundations: Your First Course',
  description: `<p>Curious about machine learning but not sure where to begin? This course explains the core ideas behind ML in plain language, without assuming any background beyond high-school math. You will learn what it means for a computer to <strong>learn from data</strong>, and why that is different from ordinary programming.</p>
<p>We walk through the classic models every practitioner knows, including <strong>linear regression</strong>, <strong>logistic regression</strong>, <strong>decision trees</strong> and <strong>k-nearest neighbors</strong>, and then show you how to judge whether a model is actually any good, using train/test splits and the right metrics.</p>
<p>By the end you will be able to read ML articles with confidence, spot common mistakes such as overfitting and data leakage, and pick your next step on the learning path. <em>Free forever.</em></p>`,
  priceCents: 0,
  difficulty: 'Beginner',
  duration: '3h 30m',
  items: [
    {
      kind: 'module',
      title: 'What Is Machine Learning?',
      description: 'The big picture: how learning from examples differs from writing rules, and how ML projects are structured.',
      lessons: [
        {
          title: 'Learning from Data Instead of Rules',
          type: 'text',
          duration: '7 min',
          content: `<h2>From Hand-Written Rules to Learned Patterns</h2>
<p>Classic software is a list of instructions that a programmer writes by hand. To flag spam, you might write rules such as "if the subject line contains FREE MONEY, mark it as spam." That works until spammers change their wording, and soon you are maintaining hundreds of brittle rules that still miss obvious cases.</p>
<p><strong>Machine learning</strong> turns the process around. Instead of writing the rules, you collect <em>examples</em>, for instance thousands of emails already labeled as spam or not spam, and let an algorithm discover the patterns that separate them. The result of this process is a <strong>model</strong>: a function that takes a new input and produces a prediction.</p>
<h3>The three ingredients</h3>
<ul>
<li><strong>Data</strong>: examples of the problem, ideally plentiful and representative of what the model will see in real use.</li>
<li><strong>A model family</strong>: the kind of function we are allowed to learn, such as a straight line, a decision tree or a neural network.</li>
<li><strong>A learning algorithm</strong>: a procedure that adjusts the model's internal numbers (its <em>parameters</em>) so that its predictions match the examples as closely as possible.</li>
</ul>
<p>Each example is described by <strong>features</strong>, which are the inputs (the number of links in an email, the floor area of a house), and often by a <strong>label</strong>, which is the answer we want to predict (spam or not, the sale price).</p>
<h3>When is ML the right tool?</h3>
<p>Machine learning shines when the rules are too complex to write down but examples are easy to collect: recognizing faces, transcribing speech, recommending products. It is a poor fit when a simple exact rule already exists, such as calculating sales tax, or when you have almost no data. A useful first question for any project is: <em>could a person write this logic down in an afternoon?</em> If the answer is yes, you probably do not need a model.</p>`,
        },
        {
          title: 'Supervised, Unsupervised and Reinforcement Learning',
          type: 'text',
          duration: '8 min',
          content: `<h2>The Three Main Flavors of Machine Learning</h2>
<p>Machine learning problems are usually grouped by the kind of feedback the algorithm receives while it learns.</p>
<h3>Supervised learning</h3>
<p>In <strong>supervised learning</strong> every training example comes with the correct answer. The model sees inputs and labels and learns to map one to the other. There are two main kinds of supervised task:</p>
<ul>
<li><strong>Regression</strong>: the label is a number, such as tomorrow's temperature or a house price.</li>
<li><strong>Classification</strong>: the label is a category, such as spam/not spam or which digit appears in an image.</li>
</ul>
<p>Most ML you meet in industry is supervised, because labeled data lets you measure success directly.</p>
<h3>Unsupervised learning</h3>
<p>In <strong>unsupervised learning</strong> there are no labels. The goal is to find structure hidden in the data. Common examples include <em>clustering</em> (grouping customers with similar buying habits), <em>dimensionality reduction</em> (compressing many features into a few that keep most of the information) and <em>anomaly detection</em> (spotting transactions that look unlike the rest).</p>
<h3>Reinforcement learning</h3>
<p>In <strong>reinforcement learning</strong> an <em>agent</em> takes actions in an environment and receives rewards or penalties. Nobody tells it the correct action; it must discover through trial and error which behavior earns the most reward over time. Game-playing systems and some robotics controllers are trained this way.</p>
<h3>A quick way to tell them apart</h3>
<blockquote>Do you have the right answers for past examples? Supervised. Only raw data and a wish to find patterns? Unsupervised. An agent that learns by acting and being scored? Reinforcement.</blockquote>
<p>There are also hybrids. <em>Self-supervised learning</em>, used to train large language models, creates labels automatically from the data itself, for example by hiding a word and asking the model to predict it.</p>`,
        },
        {
          title: 'The Machine Learning Workflow',
          type: 'text',
          duration: '9 min',
          content: `<h2>How an ML Project Actually Runs</h2>
<p>Training a model is only one step in a longer process. Experienced practitioners spend much more time on the steps around it.</p>
<ol>
<li><strong>Frame the problem.</strong> What decision will the model support? What exactly is the input, and what is the output? How will you know it works? A vague goal like "use AI on our sales data" leads nowhere; "predict which customers will cancel in the next 30 days" is something you can build and measure.</li>
<li><strong>Collect and understand the data.</strong> Find out where the data comes from, how it was labeled and what it leaves out. Plot it. Look at individual rows. Surprises found here are cheap; surprises found after launch are expensive.</li>
<li><strong>Prepare features.</strong> Clean missing values, convert categories into numbers and scale features where the model needs it.</li>
<li><strong>Split the data.</strong> Hold some data back so you can later measure performance on examples the model never saw.</li>
<li><strong>Train a baseline.</strong> Start with something simple, even "always predict the most common class." Every fancier model must beat it.</li>
<li><strong>Evaluate and iterate.</strong> Compare models on validation data, study the errors and improve the data or the features.</li>
<li><strong>Deploy and monitor.</strong> The world changes, so a model that was accurate last year may drift. Track its predictions in production.</li>
</ol>
<h3>Why baselines matter</h3>
<p>Suppose a model predicts customer churn with 90% accuracy. Impressive? Not if 90% of customers never churn, because a model that always says "stays" scores the same. Baselines keep you honest about how much value the model adds.</p>
<blockquote>Rule of thumb: better data usually beats a cleverer algorithm.</blockquote>
<p>The rest of this course follows this workflow. Next we look at the models themselves.</p>`,
        },
      ],
    },
    {
      kind: 'module',
      title: 'Core Models and How They Learn',
      description: 'Four classic algorithms that every practitioner should understand intuitively.',
      lessons: [
        {
          title: 'Linear Regression: Fitting a Line',
          type: 'text',
          duration: '10 min',
          content: `<h2>Predicting Numbers with a Straight Line</h2>
<p><strong>Linear regression</strong> is the "hello world" of machine learning. It predicts a number as a weighted sum of the input features plus a constant:</p>
<pre><code class="language-python">price = w1 * area + w2 * bedrooms + b</code></pre>
<p>The weights <code>w1</code>, <code>w2</code> and the intercept <code>b</code> are the model's <strong>parameters</strong>. Learning means finding the values that make predictions as close as possible to the true prices in the training data.</p>
<h3>Measuring "close": the loss function</h3>
<p>For each example, the <em>error</em> is the difference between the prediction and the true value. We square each error, so that positive and negative errors cannot cancel and large mistakes are punished more, then average them. This is the <strong>mean squared error (MSE)</strong>. Training means finding the parameters that minimize it.</p>
<h3>How the parameters are found</h3>
<p>For plain linear regression there is a direct formula (the <em>normal equation</em>) that gives the best weights in one step. More often, and for nearly all larger models, we use <strong>gradient descent</strong>: start with random weights, measure which direction reduces the loss, take a small step that way, and repeat. The size of each step is the <em>learning rate</em>.</p>
<h3>In code</h3>
<p>With scikit-learn, fitting and using the model takes three lines; every model in the library follows the same <code>fit</code> / <code>predict</code> pattern:</p>
<pre><code class="language-python">from sklearn.linear_model import LinearRegression

X = [[70, 2], [95, 3], [120, 4]]   # area in m², bedrooms
y = [210_000, 280_000, 350_000]     # prices

model = LinearRegression().fit(X, y)
print(model.coef_, model.intercept_)  # w1, w2 and b
print(model.predict([[100, 3]]))      # price of a new house</code></pre>
<h3>Reading the model</h3>
<p>A nice property of linear models is that they are easy to interpret. If <code>w1 = 1500</code>, each extra square meter adds about 1,500 to the predicted price while the other features stay fixed. That transparency is why linear models remain popular in finance, medicine and science.</p>
<h3>Limitations</h3>
<ul>
<li>They can only capture straight-line relationships unless you engineer extra features, such as squared terms.</li>
<li>They are sensitive to outliers, because squared errors grow quickly.</li>
</ul>
<p>Even so, a linear model is an excellent first baseline for any regression problem.</p>`,
        },
        {
          title: 'Classification with Logistic Regression',
          type: 'text',
          duration: '9 min',
          content: `<h2>From Numbers to Probabilities</h2>
<p>Despite its name, <strong>logistic regression</strong> is a <em>classification</em> method. It answers yes/no questions such as "will this customer click the ad?" by estimating a probability.</p>
<h3>How it works</h3>
<p>The model starts exactly like linear regression, computing a weighted sum of the features, <code>z = w · x + b</code>. That sum can be any number from very negative to very positive, so it is passed through the <strong>sigmoid</strong> function:</p>
<pre><code class="language-plaintext">sigmoid(z) = 1 / (1 + e^(-z))</code></pre>
<p>The sigmoid squashes any input into the range 0 to 1. Large positive <code>z</code> gives a value near 1, large negative <code>z</code> gives a value near 0, and <code>z = 0</code> gives exactly 0.5. We read the output as the probability of the positive class.</p>
<h3>Turning probabilities into decisions</h3>
<p>To make a hard prediction we choose a <strong>threshold</strong>, often 0.5: predict "yes" if the probability is above it. The threshold is a business decision, not a law of nature. A cancer screening tool might flag patients at 0.2, accepting more false alarms in exchange for missing fewer real cases.</p>
<h3>Training</h3>
<p>Logistic regression is trained by minimizing <strong>log loss</strong> (also called binary cross-entropy). It heavily penalizes predictions that are confident and wrong: saying 0.99 when the true answer is "no" costs far more than saying 0.6.</p>
<h3>Decision boundaries</h3>
<p>The points where the probability equals exactly 0.5 form the <em>decision boundary</em>. For logistic regression this boundary is a straight line in two dimensions, or a flat plane in more. If the classes cannot be separated by a straight boundary, you need richer features or a more flexible model, which is where trees and neural networks come in.</p>`,
        },
        {
          title: 'Decision Trees and Nearest Neighbors',
          type: 'text',
          duration: '10 min',
          content: `<h2>Two Intuitive Non-Linear Models</h2>
<p>Linear models draw straight boundaries. Many real problems need something more flexible. Here are two classic options that are easy to picture.</p>
<h3>Decision trees</h3>
<p>A <strong>decision tree</strong> is a flowchart of yes/no questions. To approve a loan it might ask: "Is income above 40,000?" then "Has the applicant missed a payment in the last year?" Each path ends at a <em>leaf</em> that gives a prediction.</p>
<p>The tree is built greedily. At each step the algorithm tries many possible questions and picks the split that makes the resulting groups most <em>pure</em>, meaning each group is dominated by one class. Purity is measured with criteria such as <strong>Gini impurity</strong> or <strong>entropy</strong>.</p>
<ul>
<li><strong>Pros:</strong> easy to explain, handle mixed feature types, need little preprocessing.</li>
<li><strong>Cons:</strong> a deep tree can memorize the training data. Limiting depth or combining many trees in a <em>random forest</em> or <em>gradient-boosted</em> ensemble fixes most of this, and those ensembles are among the strongest models for tabular data.</li>
</ul>
<h3>k-nearest neighbors</h3>
<p><strong>k-nearest neighbors (k-NN)</strong> barely trains at all. It simply stores the training set. To classify a new point, it finds the <em>k</em> stored points closest to it and takes a majority vote of their labels (or the average, for regression).</p>
<ul>
<li>Small <em>k</em> (such as 1) follows the training data very closely and reacts to noise.</li>
<li>Large <em>k</em> smooths predictions but may blur real boundaries.</li>
</ul>
<p>Because "closest" is measured by distance, features must be on comparable scales. If one feature is in meters and another in millimeters, the millimeter feature will dominate. k-NN can also be slow at prediction time on big datasets, since each query compares against many stored points.</p>`,
        },
      ],
    },
    {
      kind: 'quiz',
      title: 'Checkpoint: Models and How They Learn',
      description: 'Check your understanding of the ML basics and the classic models before moving on to evaluation.',
      questions: [
        {
          question: 'Which of these is a supervised learning task?',
          options: [
            'Grouping customers into segments when no labels exist',
            'Predicting house prices from past sales with known prices',
            'Finding unusual patterns in server logs without any examples of attacks',
          ],
          correctAnswer: 2,
        },
        {
          question: 'What does linear regression trained with mean squared error try to minimize?',
          options: [
            'The average squared difference between predictions and true values',
            'The number of features used by the model',
            'The number of misclassified examples',
            'The size of the test set',
          ],
          correctAnswer: 1,
        },
        {
          question: 'Logistic regression is mainly used for which type of problem?',
          options: ['Clustering', 'Classification'],
          correctAnswer: 2,
        },
        {
          question: 'How does k-nearest neighbors make a prediction for a new point?',
          options: [
            'It fits a straight line through all training points',
            'It asks a sequence of learned yes/no questions',
            'It looks at the labels of the k closest training points',
            'It applies the sigmoid function to a weighted sum',
          ],
          correctAnswer: 3,
        },
        {
          question: 'In a dataset of houses, what are the features?',
          options: [
            'The sale prices we want to predict',
            'The parameters the learning algorithm adjusts',
            'The input variables describing each house, such as area and number of bedrooms',
          ],
          correctAnswer: 3,
        },
      ],
    },
    {
      kind: 'module',
      title: 'Evaluating and Improving Models',
      description: 'How to measure a model honestly and what to do when it underperforms.',
      lessons: [
        {
          title: 'Train, Validation and Test Splits',
          type: 'text',
          duration: '8 min',
          content: `<h2>Never Grade a Model on Its Own Homework</h2>
<p>A model that has seen an example during training will usually predict it well. That tells you little about how it will perform on <em>new</em> data, which is the only thing that matters in practice. So we split the data before training.</p>
<h3>The three sets</h3>
<ul>
<li><strong>Training set</strong> (often 60 to 80%): used to fit the model's parameters.</li>
<li><strong>Validation set</strong>: used to compare models and tune settings such as tree depth or learning rate (the <em>hyperparameters</em>).</li>
<li><strong>Test set</strong>: locked away until the very end and used once to estimate real-world performance.</li>
</ul>
<p>Why two held-out sets? Every time you pick the model that does best on validation data, you leak a little information about that data into your choices. After many rounds of tuning, the validation score becomes optimistic. The untouched test set gives an unbiased final check.</p>
<h3>Cross-validation</h3>
<p>With small datasets, a single split can be noisy. <strong>k-fold cross-validation</strong> divides the training data into <em>k</em> parts, trains <em>k</em> times with a different part held out each time, and averages the scores. It costs more compute but gives a more reliable estimate.</p>
<h3>Watch out for leakage</h3>
<p><strong>Data leakage</strong> happens when information from outside the training set sneaks into training. Typical examples:</p>
<ul>
<li>Computing scaling statistics (like the mean) on the full dataset before splitting.</li>
<li>Randomly splitting time-series data so the model trains on the future and is tested on the past.</li>
<li>Having the same patient or customer appear in both the training and test sets.</li>
</ul>
<p>Leakage produces wonderful scores in the notebook and disappointing results in production. When a result looks too good to be true, check for leakage first.</p>`,
        },
        {
          title: 'Overfitting, Underfitting and the Bias-Variance Tradeoff',
          type: 'text',
          duration: '9 min',
          content: `<h2>Too Simple, Too Complex, Just Right</h2>
<p>Imagine studying for an exam. One student memorizes the answers to last year's paper word for word; another barely studies at all. Both do badly on the new exam for opposite reasons. Models fail in the same two ways.</p>
<h3>Underfitting</h3>
<p>An <strong>underfitting</strong> model is too simple to capture the real pattern, like a straight line drawn through data that clearly curves. It performs poorly on <em>both</em> the training and validation data. This is called high <strong>bias</strong>: the model's assumptions are too strong.</p>
<h3>Overfitting</h3>
<p>An <strong>overfitting</strong> model is so flexible that it learns the noise along with the signal. It scores brilliantly on training data and much worse on validation data. This is high <strong>variance</strong>: train it on a slightly different sample and you get a very different model.</p>
<h3>Diagnosing with two numbers</h3>
<ul>
<li>Training error high, validation error high: underfitting. Try a richer model or better features.</li>
<li>Training error low, validation error much higher: overfitting. Simplify or regularize.</li>
<li>Both low and close together: you are in good shape.</li>
</ul>
<h3>Tools against overfitting</h3>
<ul>
<li><strong>More data</strong>: the most reliable fix when you can get it.</li>
<li><strong>Regularization</strong>: add a penalty for large weights (L1 or L2) so the model prefers simpler explanations.</li>
<li><strong>Limit complexity</strong>: shallower trees, fewer features, smaller networks.</li>
<li><strong>Early stopping</strong>: stop training when validation error starts rising.</li>
<li><strong>Ensembles</strong>: averaging many models reduces variance.</li>
</ul>
<p>The tradeoff is that reducing variance often increases bias, and vice versa. Good modeling is about finding the level of complexity that generalizes best, and the validation set is how you find it.</p>`,
        },
        {
          title: 'Metrics That Matter: Accuracy, Precision and Recall',
          type: 'text',
          duration: '10 min',
          content: `<h2>Choosing How to Keep Score</h2>
<p><strong>Accuracy</strong>, the fraction of predictions that are correct, is the obvious metric for classification. It is also frequently misleading. If 1% of card transactions are fraudulent, a model that always answers "not fraud" is 99% accurate and completely useless.</p>
<h3>The confusion matrix</h3>
<p>For a binary problem, every prediction falls into one of four boxes:</p>
<ul>
<li><strong>True positive (TP)</strong>: predicted fraud, was fraud.</li>
<li><strong>False positive (FP)</strong>: predicted fraud, was legitimate.</li>
<li><strong>False negative (FN)</strong>: predicted legitimate, was fraud.</li>
<li><strong>True negative (TN)</strong>: predicted legitimate, was legitimate.</li>
</ul>
<h3>Precision and recall</h3>
<pre><code class="language-python">precision = TP / (TP + FP)
recall    = TP / (TP + FN)</code></pre>
<p><strong>Precision</strong> asks: when the model raises an alarm, how often is it right? <strong>Recall</strong> asks: of all the real fraud cases, how many did the model catch? Raising the decision threshold usually increases precision and lowers recall; lowering it does the opposite.</p>
<p>Which matters more depends on the cost of each mistake. A spam filter should have high precision, because losing a real email is painful. A disease screening test should have high recall, because missing a sick patient is worse than a follow-up test.</p>
<h3>Combining them</h3>
<p>The <strong>F1 score</strong> is the harmonic mean of precision and recall. It is high only when both are high, which makes it a handy single number for imbalanced problems.</p>
<h3>Regression metrics</h3>
<p>For numeric predictions, common choices are <strong>MAE</strong> (mean absolute error, easy to explain in the original units) and <strong>RMSE</strong> (root mean squared error, which punishes large errors more).</p>
<blockquote>Pick the metric before you train, based on what a mistake costs in the real world.</blockquote>`,
        },
      ],
    },
    {
      kind: 'quiz',
      title: 'Final Quiz: Evaluating Models',
      description: 'Show that you can evaluate a model honestly and pick the right metric.',
      questions: [
        {
          question: 'Why should the test set be used only once, at the very end?',
          options: [
            'Because test data is usually of lower quality',
            'Because the model trains faster without it',
            'Because it is too small to be useful for tuning',
            'Because repeatedly tuning against it makes the final estimate overly optimistic',
          ],
          correctAnswer: 4,
        },
        {
          question:
            'A model reaches 99% accuracy on training data but only 70% on validation data. What is the most likely problem?',
          options: ['Underfitting', 'Overfitting', 'The model is perfectly fit'],
          correctAnswer: 2,
        },
        {
          question:
            'In a dataset where 1% of transactions are fraud, what accuracy does a model get by always predicting "not fraud"?',
          options: ['1%', '50%', '99%', 'It cannot be determined'],
          correctAnswer: 3,
        },
        {
          question: 'What does recall measure?',
          options: [
            'Of all actual positive cases, the fraction the model correctly identified',
            'Of all positive predictions, the fraction that were correct',
          ],
          correctAnswer: 1,
        },
        {
          question: 'Which action most reliably reduces overfitting?',
          options: [
            'Making the model much more complex',
            'Evaluating repeatedly on the test set',
            'Collecting more representative training data',
          ],
          correctAnswer: 3,
        },
      ],
    },
  ],
};
