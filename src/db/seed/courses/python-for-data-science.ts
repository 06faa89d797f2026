import type { SeedCourse } from './types';

export const pythonForDataScience: SeedCourse = {
  slug: 'python-for-data-science',
  title: 'Python for Data Science: NumPy, pandas and Visual Storytelling',
  description: `<p>Every machine learning project starts with data, and in practice that data is messy. This hands-on course teaches you the Python toolkit that data scientists use every day: <strong>NumPy</strong> for fast numerical arrays, <strong>pandas</strong> for tables, and <strong>Matplotlib</strong> for charts.</p>
<p>You will learn to think in <em>vectorized</em> operations instead of slow loops, to filter, group and join datasets with confidence, and to clean the missing values, duplicates, wrong types and inconsistent text that real datasets always contain.</p>
<p>Ideal if you know basic Python (variables, functions, lists) and want to become productive with real data. Each lesson includes short, runnable code examples.</p>`,
  priceCents: 1999,
  difficulty: 'Beginner',
  duration: '6h 30m',
  items: [
    {
      kind: 'module',
      title: 'NumPy Essentials',
      description: 'Arrays, broadcasting and indexing: the numerical foundation of the Python data stack.',
      lessons: [
        {
          title: 'Arrays, dtypes and Shapes',
          type: 'text',
          duration: '9 min',
          content: `<h2>Why NumPy Exists</h2>
<p>Python lists are flexible: they can hold anything, including a mix of numbers, strings and other lists. That flexibility has a cost. Each element is a separate Python object scattered around memory, so numerical work on lists is slow. <strong>NumPy</strong> provides the <code>ndarray</code>, a block of memory holding elements of a <em>single type</em> stored contiguously. Operations on it run in optimized compiled code, often tens to hundreds of times faster than equivalent Python loops.</p>
<h3>Setting up</h3>
<p>Install the three libraries of this course in a fresh virtual environment:</p>
<pre><code class="language-bash">python -m venv .venv &amp;&amp; source .venv/bin/activate
pip install numpy pandas matplotlib</code></pre>
<h3>Creating arrays</h3>
<pre><code class="language-python">import numpy as np

a = np.array([1, 2, 3])          # from a list
z = np.zeros((2, 3))             # 2 rows, 3 columns of 0.0
r = np.arange(0, 10, 2)          # [0 2 4 6 8]
l = np.linspace(0, 1, 5)         # 5 evenly spaced values from 0 to 1
rng = np.random.default_rng(42)
x = rng.normal(size=(100, 4))    # random normal data</code></pre>
<h3>The three attributes you check constantly</h3>
<ul>
<li><code>shape</code>: a tuple with the size of each dimension, for example <code>(100, 4)</code> for 100 rows and 4 columns.</li>
<li><code>ndim</code>: the number of dimensions (here 2).</li>
<li><code>dtype</code>: the element type, such as <code>int64</code>, <code>float64</code> or <code>bool</code>.</li>
</ul>
<p>The dtype matters. Integer arrays cannot store <code>NaN</code>, and mixing ints and floats in <code>np.array</code> upcasts everything to float. Memory also scales with dtype: <code>float32</code> uses half the memory of <code>float64</code>, which is why deep learning frameworks often default to it.</p>
<h3>Reshaping</h3>
<pre><code class="language-python">m = np.arange(12).reshape(3, 4)   # 3x4 matrix
m.T.shape                         # (4, 3) transpose
m.reshape(-1)                     # flatten; -1 means "infer this size"</code></pre>
<p>Reshaping never changes the number of elements, only how they are arranged. If the sizes do not multiply to the same total, NumPy raises an error, which is a useful early warning that your mental model of the data is wrong.</p>
<h3>Further reading</h3>
<ul>
<li><a href="https://numpy.org/doc/stable/user/absolute_beginners.html">NumPy: the absolute basics for beginners</a>, the official guide.</li>
<li><a href="https://numpy.org/doc/stable/reference/arrays.dtypes.html">Data type objects (dtype)</a>, every dtype and how to name it.</li>
</ul>`,
        },
        {
          title: 'Vectorization and Broadcasting',
          type: 'text',
          duration: '10 min',
          content: `<h2>Stop Writing Loops</h2>
<p><strong>Vectorization</strong> means expressing an operation on whole arrays rather than element by element. Compare:</p>
<pre><code class="language-python"># Loop version: slow
out = []
for v in values:
    out.append(v * 2 + 1)

# Vectorized version: fast and clearer
out = values * 2 + 1</code></pre>
<p>Arithmetic operators (<code>+</code>, <code>*</code>, <code>**</code>), comparisons and <em>universal functions</em> such as <code>np.exp</code>, <code>np.log</code> and <code>np.sqrt</code> all apply element-wise. Reductions like <code>sum</code>, <code>mean</code>, <code>max</code> and <code>std</code> accept an <code>axis</code> argument:</p>
<pre><code class="language-python">x = np.arange(6).reshape(2, 3)
x.sum(axis=0)   # column sums -&gt; shape (3,)
x.sum(axis=1)   # row sums    -&gt; shape (2,)</code></pre>
<p>A handy way to remember it: the axis you name is the one that disappears.</p>
<h3>Broadcasting</h3>
<p><strong>Broadcasting</strong> lets NumPy combine arrays of different shapes without copying data. The rules, applied from the rightmost dimension leftward:</p>
<ol>
<li>If the arrays have different numbers of dimensions, pad the smaller shape with 1s on the left.</li>
<li>Two dimensions are compatible if they are equal or one of them is 1.</li>
<li>A dimension of size 1 is stretched to match the other.</li>
</ol>
<p>A classic use is standardizing each column of a data matrix:</p>
<pre><code class="language-python">X = rng.normal(size=(500, 3))   # shape (500, 3)
mu = X.mean(axis=0)             # shape (3,)
sd = X.std(axis=0)              # shape (3,)
Z = (X - mu) / sd               # (500, 3) with (3,) -&gt; works</code></pre>
<p>If you instead want to subtract a per-row value of shape <code>(500,)</code>, broadcasting fails because 3 and 500 do not match. Add an axis with <code>row_vals[:, None]</code> to get shape <code>(500, 1)</code>, which broadcasts across the columns.</p>`,
        },
        {
          title: 'Indexing, Slicing and Boolean Masks',
          type: 'text',
          duration: '9 min',
          content: `<h2>Getting at the Data You Need</h2>
<h3>Basic slicing</h3>
<p>NumPy uses <code>start:stop:step</code> slices in each dimension, separated by commas:</p>
<pre><code class="language-python">m = np.arange(20).reshape(4, 5)
m[0]        # first row
m[:, 1]     # second column
m[1:3, ::2] # rows 1-2, every other column
m[-1, -1]   # bottom-right element</code></pre>
<p><strong>Important:</strong> basic slices return <em>views</em>, not copies. Modifying a slice modifies the original array. If you need an independent array, call <code>.copy()</code>. Forgetting this is a classic source of mysterious bugs.</p>
<h3>Boolean masks</h3>
<p>A comparison produces an array of <code>True</code>/<code>False</code> values, which can then select elements:</p>
<pre><code class="language-python">temps = np.array([12.5, 31.0, 18.2, 35.4, 22.1])
hot = temps &gt; 30          # [False True False True False]
temps[hot]                 # array([31. , 35.4])
temps[(temps &gt; 15) &amp; (temps &lt; 25)]   # combine with &amp;, |, ~</code></pre>
<p>Use <code>&amp;</code> (and), <code>|</code> (or) and <code>~</code> (not), not the Python keywords <code>and</code>/<code>or</code>, and always put parentheses around each comparison because these operators bind more tightly than <code>&gt;</code>.</p>
<h3>Fancy indexing</h3>
<p>You can also index with an array of integer positions: <code>temps[[0, 3]]</code> returns the first and fourth values. Unlike slices, boolean and fancy indexing always return <em>copies</em>.</p>
<h3>Conditional replacement</h3>
<pre><code class="language-python">clipped = np.where(temps &gt; 30, 30, temps)  # cap values at 30
np.clip(temps, 15, 30)                       # cap both ends</code></pre>
<p>Masks are the mental model behind filtering in pandas too, so time spent mastering them here pays off in the next module.</p>`,
        },
      ],
    },
    {
      kind: 'module',
      title: 'Working with pandas',
      description: 'Load, select, filter, group and combine tabular data with pandas.',
      lessons: [
        {
          title: 'Series and DataFrames',
          type: 'text',
          duration: '8 min',
          content: `<h2>Tables with Labels</h2>
<p>NumPy arrays are fast but anonymous: columns have positions, not names, and every value shares one dtype. <strong>pandas</strong> adds labels and per-column types, which makes it the standard tool for tabular data.</p>
<h3>The two core objects</h3>
<ul>
<li>A <strong>Series</strong> is a one-dimensional array of values with an <em>index</em> (labels for each row).</li>
<li>A <strong>DataFrame</strong> is a table: a collection of Series that share the same index, one per column. Each column can have its own dtype.</li>
</ul>
<pre><code class="language-python">import pandas as pd

df = pd.DataFrame({
    "city": ["Lisbon", "Oslo", "Lima"],
    "population_m": [0.55, 0.71, 10.0],
    "coastal": [True, False, True],
})</code></pre>
<h3>Loading real data</h3>
<pre><code class="language-python">sales = pd.read_csv("sales.csv", parse_dates=["order_date"])
sales.head()        # first 5 rows
sales.shape         # (rows, columns)
sales.info()        # columns, dtypes, non-null counts
sales.describe()    # summary stats for numeric columns</code></pre>
<p>Run these four commands on every new dataset. <code>info()</code> in particular reveals missing values (non-null counts lower than the row count) and columns read with the wrong type, such as prices stored as text because one row contains "N/A".</p>
<h3>Columns and the index</h3>
<p>Select a single column with <code>df["city"]</code>, which returns a Series, or several with <code>df[["city", "coastal"]]</code>, which returns a DataFrame. Create new columns with vectorized expressions:</p>
<pre><code class="language-python">sales["revenue"] = sales["quantity"] * sales["unit_price"]</code></pre>
<p>The index defaults to 0, 1, 2 and so on, but it can be any meaningful key: <code>df.set_index("city")</code>. pandas aligns operations on index labels, so adding two Series matches rows by label rather than by position, which is powerful but occasionally surprising.</p>`,
        },
        {
          title: 'Selecting, Filtering and Sorting',
          type: 'text',
          duration: '9 min',
          content: `<h2>loc, iloc and Boolean Filters</h2>
<p>pandas offers two explicit indexers, and knowing the difference avoids many bugs:</p>
<ul>
<li><code>.loc[rows, cols]</code> selects by <strong>label</strong>. Label slices <em>include</em> the end point.</li>
<li><code>.iloc[rows, cols]</code> selects by integer <strong>position</strong>. Slices exclude the end point, like normal Python.</li>
</ul>
<pre><code class="language-python">df.loc[df["coastal"], ["city", "population_m"]]
df.iloc[0:2, 0]      # first two rows, first column</code></pre>
<h3>Filtering rows</h3>
<p>Filtering works with boolean masks, exactly as in NumPy:</p>
<pre><code class="language-python">big = sales[sales["revenue"] &gt; 1000]
eu_2024 = sales[(sales["region"] == "EU") &amp; (sales["order_date"].dt.year == 2024)]
some = sales[sales["country"].isin(["PT", "ES", "FR"])]</code></pre>
<p>The <code>query</code> method offers a more readable alternative for complex conditions: <code>sales.query("revenue &gt; 1000 and region == 'EU'")</code>.</p>
<h3>Avoiding the SettingWithCopyWarning</h3>
<p>Chained indexing like <code>sales[sales.x &gt; 0]["y"] = 1</code> may modify a temporary copy and leave the original unchanged. Always assign in one step with <code>.loc</code>:</p>
<pre><code class="language-python">sales.loc[sales["revenue"] &gt; 1000, "tier"] = "large"</code></pre>
<h3>Sorting and ranking</h3>
<pre><code class="language-python">sales.sort_values("revenue", ascending=False).head(10)
sales.sort_values(["region", "revenue"], ascending=[True, False])
sales.nlargest(5, "revenue")</code></pre>
<h3>Quick summaries</h3>
<p><code>value_counts()</code> on a column counts how often each value appears, and passing <code>normalize=True</code> gives proportions. It is the fastest way to understand a categorical column and to spot typos such as "Portugal" and "portugal" appearing as separate categories.</p>`,
        },
        {
          title: 'Grouping, Aggregating and Joining',
          type: 'text',
          duration: '11 min',
          content: `<h2>Split, Apply, Combine</h2>
<p>Many analysis questions have the form "for each <em>X</em>, compute <em>Y</em>": revenue per region, average rating per product. pandas answers them with <code>groupby</code>, which splits rows into groups, applies a function to each group and combines the results.</p>
<pre><code class="language-python">sales.groupby("region")["revenue"].sum()

sales.groupby(["region", "product"]).agg(
    orders=("order_id", "count"),
    revenue=("revenue", "sum"),
    avg_price=("unit_price", "mean"),
).reset_index()</code></pre>
<p>The named aggregation syntax above produces clear column names. <code>reset_index()</code> turns the group keys back into ordinary columns, which is usually what you want for further work or plotting.</p>
<h3>transform: group statistics on every row</h3>
<p>Sometimes you need a group statistic attached to each original row, for example each order's share of its region's total:</p>
<pre><code class="language-python">region_total = sales.groupby("region")["revenue"].transform("sum")
sales["share_of_region"] = sales["revenue"] / region_total</code></pre>
<h3>Joining tables</h3>
<p>Real data is spread across tables. <code>pd.merge</code> combines them on key columns, like a SQL join:</p>
<pre><code class="language-python">orders = sales.merge(customers, on="customer_id", how="left",
                     validate="many_to_one")</code></pre>
<ul>
<li><code>how="inner"</code> keeps only matching keys; <code>"left"</code> keeps every left row; <code>"outer"</code> keeps everything.</li>
<li><code>validate</code> raises an error if the relationship is not what you expect, catching duplicate keys that would silently multiply rows.</li>
</ul>
<p>After any merge, compare row counts before and after. An unexpected increase almost always means duplicated keys.</p>
<h3>Reshaping</h3>
<p><code>pivot_table</code> turns long data into a wide summary (regions as rows, months as columns), and <code>melt</code> does the reverse. Plotting libraries often prefer long format, while humans usually prefer wide tables.</p>`,
        },
      ],
    },
    {
      kind: 'quiz',
      title: 'Checkpoint: NumPy and pandas',
      description: 'Test your grip on arrays, broadcasting and DataFrame operations.',
      questions: [
        {
          question: 'What is the shape of the result of adding an array of shape (500, 3) to an array of shape (3,)?',
          options: ['(3,)', '(500,)', '(500, 3)', 'It raises a broadcasting error'],
          correctAnswer: 3,
        },
        {
          question: 'For a 2-D array x, what does x.sum(axis=0) return?',
          options: ['The sum of each column', 'The sum of each row', 'The sum of all elements as a single number'],
          correctAnswer: 1,
        },
        {
          question: 'Does a basic NumPy slice such as m[1:3] return a view or a copy of the data?',
          options: ['A copy', 'A view'],
          correctAnswer: 2,
        },
        {
          question: 'Which pandas indexer selects rows and columns by integer position?',
          options: ['.loc', '.at', '.iloc'],
          correctAnswer: 3,
        },
        {
          question: 'Which operator correctly combines two boolean masks element-wise in pandas?',
          options: ['and', '&&', '+', '&'],
          correctAnswer: 4,
        },
      ],
    },
    {
      kind: 'module',
      title: 'Cleaning and Visualizing Data',
      description: 'Turn messy raw data into a reliable dataset, then communicate it with clear charts.',
      lessons: [
        {
          title: 'Missing Values and Duplicates',
          type: 'text',
          duration: '9 min',
          content: `<h2>Finding and Handling Gaps</h2>
<p>pandas represents missing data as <code>NaN</code> (or <code>NaT</code> for dates, and <code>pd.NA</code> in the newer nullable dtypes). Before deciding what to do about missing values, measure them:</p>
<pre><code class="language-python">df.isna().sum()                          # missing count per column
df.isna().mean().sort_values(ascending=False)  # missing share</code></pre>
<h3>Ask why the data is missing</h3>
<p>The right fix depends on the cause. A blank "discount" field may simply mean no discount, so filling it with 0 is correct. A missing blood-pressure reading may mean the test was never done, which can itself carry information. Values missing for a systematic reason are dangerous to fill blindly.</p>
<h3>Your options</h3>
<ul>
<li><strong>Drop rows</strong>: <code>df.dropna(subset=["price"])</code>. Fine when few rows are affected and the gaps are random.</li>
<li><strong>Drop columns</strong> that are mostly empty and not essential.</li>
<li><strong>Fill with a constant</strong>: <code>df["discount"].fillna(0)</code>.</li>
<li><strong>Fill with a statistic</strong>: the median is more robust to outliers than the mean. Filling per group, such as the median price per category via <code>groupby().transform("median")</code>, is often more accurate.</li>
<li><strong>Forward fill</strong> for time series: <code>ffill()</code> carries the last known value forward.</li>
<li><strong>Add an indicator column</strong> such as <code>price_was_missing</code> so a model can learn whether missingness matters.</li>
</ul>
<p>If the data will feed a model, compute fill values from the <em>training</em> split only, to avoid leakage.</p>
<h3>Duplicates</h3>
<pre><code class="language-python">df.duplicated().sum()                        # fully identical rows
df.duplicated(subset=["order_id"]).sum()     # repeated keys
df = df.drop_duplicates(subset=["order_id"], keep="last")</code></pre>
<p>Duplicate keys often come from repeated exports or faulty joins. Investigate a few examples before deleting them: two rows with the same order ID but different amounts might be an update, not a copy.</p>`,
        },
        {
          title: 'Fixing Types, Text and Dates',
          type: 'text',
          duration: '9 min',
          content: `<h2>Making Columns Mean What They Say</h2>
<p>A column that looks numeric can be stored as text because of a single stray value like "1,200" or "unknown". Calculations then fail or, worse, behave strangely. Check <code>df.dtypes</code> early and fix types explicitly.</p>
<h3>Numbers stored as text</h3>
<pre><code class="language-python">df["price"] = (
    df["price"]
    .str.replace(",", "", regex=False)
    .str.replace("$", "", regex=False)
)
df["price"] = pd.to_numeric(df["price"], errors="coerce")</code></pre>
<p><code>errors="coerce"</code> turns anything unparseable into <code>NaN</code> instead of raising an error. Afterwards, count the new missing values and inspect the original strings that caused them; they often reveal a data-entry pattern you should handle properly.</p>
<h3>Consistent text categories</h3>
<p>Free-text fields hide many spellings of the same thing: "New York", "new york ", "NY". The <code>.str</code> accessor applies string methods to a whole column:</p>
<pre><code class="language-python">df["city"] = df["city"].str.strip().str.title()
df["city"] = df["city"].replace({"Ny": "New York", "Nyc": "New York"})</code></pre>
<p>After cleaning, convert low-cardinality text columns to the <code>category</code> dtype with <code>astype("category")</code>. It saves memory and makes the set of valid values explicit.</p>
<h3>Dates and times</h3>
<pre><code class="language-python">df["order_date"] = pd.to_datetime(df["order_date"], format="%Y-%m-%d", errors="coerce")
df["weekday"] = df["order_date"].dt.day_name()
df["month"] = df["order_date"].dt.to_period("M")</code></pre>
<p>Giving an explicit <code>format</code> is faster and avoids ambiguity: is 03/04/2024 the 3rd of April or the 4th of March? Parsing dates properly unlocks the <code>.dt</code> accessor, date arithmetic and <code>resample</code> for time-based aggregation.</p>
<h3>Sanity checks</h3>
<p>Finish with assertions that encode what you know about the data, for example <code>assert (df["price"] &gt;= 0).all()</code>. Cheap checks like these catch broken inputs long before they reach a model.</p>`,
        },
        {
          title: 'Plotting with Matplotlib',
          type: 'text',
          duration: '10 min',
          content: `<h2>Charts That Answer Questions</h2>
<p><strong>Matplotlib</strong> is the foundation of plotting in Python; pandas plotting and Seaborn are built on top of it. Use the explicit <em>figure and axes</em> style, which scales well from one chart to many:</p>
<pre><code class="language-python">import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(8, 4))
ax.plot(daily["date"], daily["revenue"], label="Revenue")
ax.set_title("Daily revenue, 2024")
ax.set_xlabel("Date")
ax.set_ylabel("Revenue (EUR)")
ax.legend()
fig.tight_layout()
fig.savefig("revenue.png", dpi=150)</code></pre>
<h3>Pick the chart for the question</h3>
<ul>
<li><strong>Line chart</strong> (<code>ax.plot</code>): how does a value change over time?</li>
<li><strong>Bar chart</strong> (<code>ax.bar</code> or <code>ax.barh</code>): how do categories compare?</li>
<li><strong>Histogram</strong> (<code>ax.hist</code>): what is the distribution of one variable? Are there outliers or several peaks?</li>
<li><strong>Scatter plot</strong> (<code>ax.scatter</code>): how do two numeric variables relate?</li>
<li><strong>Box plot</strong>: how do distributions differ across groups?</li>
</ul>
<h3>Several panels at once</h3>
<pre><code class="language-python">fig, axes = plt.subplots(1, 2, figsize=(10, 4))
axes[0].hist(df["price"], bins=40)
axes[1].scatter(df["price"], df["quantity"], alpha=0.3)</code></pre>
<p>Setting <code>alpha</code> makes overlapping points visible in dense scatter plots.</p>
<h3>Habits of clear charts</h3>
<ul>
<li>Always label axes and include units.</li>
<li>Bar charts should start at zero; otherwise small differences look huge.</li>
<li>Sort bars by value unless the categories have a natural order.</li>
<li>Prefer one clear message per chart over a crowded dashboard.</li>
<li>Use a colorblind-friendly palette and avoid encoding meaning by color alone.</li>
</ul>
<p>Visualization is also a cleaning tool. A histogram of ages with a spike at 999, or a time series with a sudden gap, reveals data problems that summary statistics hide.</p>`,
        },
      ],
    },
    {
      kind: 'quiz',
      title: 'Final Quiz: Clean Data, Clear Charts',
      description: 'Make sure you can clean a real dataset and choose the right visualization.',
      questions: [
        {
          question: 'What does pd.to_numeric(col, errors="coerce") do with a value like "unknown"?',
          options: ['Raises a ValueError', 'Converts it to NaN', 'Leaves it as the string "unknown"', 'Converts it to 0'],
          correctAnswer: 2,
        },
        {
          question:
            'When filling missing values for data that will train a model, where should the fill statistic (such as the median) be computed?',
          options: ['On the full dataset', 'On the test set', 'On the training set only'],
          correctAnswer: 3,
        },
        {
          question: 'Which chart is best for showing the distribution of a single numeric variable?',
          options: ['Histogram', 'Line chart', 'Pie chart', 'Stacked bar chart'],
          correctAnswer: 1,
        },
        {
          question: 'After a left merge, your table has more rows than the left table had before. What is the most likely cause?',
          options: [
            'The right table has duplicate values in the join key',
            'The left table had missing values in non-key columns',
          ],
          correctAnswer: 1,
        },
        {
          question: 'Why is the median often preferred over the mean for filling missing numeric values?',
          options: [
            'It is always equal to the most common value',
            'It is faster to compute on large datasets',
            'It works only on integer columns',
            'It is less affected by extreme outliers',
          ],
          correctAnswer: 4,
        },
        {
          question: 'Which pandas accessor gives you string methods like strip() and lower() on a whole column?',
          options: ['.dt', '.str', '.cat'],
          correctAnswer: 2,
        },
      ],
    },
  ],
};
