import type { SeedCourse } from './types';

export const computerVisionDeepDive: SeedCourse = {
  slug: 'computer-vision-deep-dive',
  title: 'Computer Vision Deep Dive: CNNs, Augmentation and Object Detection',
  description: `<p>This advanced course takes you from the convolution operation itself to the architectures and training recipes behind state-of-the-art vision systems. You will be able to reason precisely about <strong>output shapes, parameter counts and receptive fields</strong>, rather than copying layer definitions and hoping they work.</p>
<p>We trace the evolution of <strong>CNN architectures</strong> from LeNet and VGG to ResNet and efficient mobile networks, build robust <strong>data augmentation</strong> pipelines, and finish with the foundations of <strong>object detection</strong>: IoU, non-maximum suppression, one- and two-stage detectors, and mean average precision.</p>
<p>Prerequisites: solid Python, experience training neural networks in PyTorch or a similar framework, and comfort with backpropagation. Code examples use PyTorch and torchvision.</p>`,
  priceCents: 3999,
  difficulty: 'Advanced',
  duration: '11h 20m',
  items: [
    {
      kind: 'module',
      title: 'Convolutions from First Principles',
      description: 'How images are represented and how convolution, padding, stride and pooling shape a network.',
      lessons: [
        {
          title: 'Images as Tensors',
          type: 'text',
          duration: '8 min',
          content: `<h2>What a Network Actually Sees</h2>
<p>To a computer, a color image is a three-dimensional array: height, width and channels. A 224 by 224 RGB photo holds 224 x 224 x 3 = 150,528 numbers, typically stored as unsigned 8-bit integers from 0 to 255.</p>
<h3>Layout conventions</h3>
<ul>
<li><strong>HWC</strong> (height, width, channels) is how most image libraries such as PIL and OpenCV store pixels. Note that OpenCV uses BGR channel order by default, a classic source of subtle bugs.</li>
<li><strong>CHW</strong> (channels, height, width) is PyTorch's convention. A batch adds a leading dimension, giving <strong>NCHW</strong>: a batch of 32 images is a tensor of shape <code>(32, 3, 224, 224)</code>.</li>
</ul>
<h3>Normalization</h3>
<p>Networks train best when inputs are roughly zero-centered with unit variance. The standard recipe is to scale pixels to [0, 1] and then subtract a per-channel mean and divide by a per-channel standard deviation. For models pretrained on ImageNet, those statistics are:</p>
<pre><code class="language-python">mean = [0.485, 0.456, 0.406]
std  = [0.229, 0.224, 0.225]</code></pre>
<p>When you fine-tune a pretrained model, you <strong>must</strong> use the same preprocessing it was trained with: same resolution, same channel order, same normalization. A mismatch will not raise an error; it will silently cost accuracy.</p>
<h3>Why not just flatten?</h3>
<p>A fully connected layer from a 150,528-value input to just 1,000 hidden units needs over 150 million weights. Worse, flattening throws away spatial structure: the network would have to learn separately that a pattern in the top-left corner is the same as that pattern in the bottom-right. Images have two properties we can exploit instead:</p>
<ol>
<li><strong>Locality</strong>: nearby pixels are strongly related; useful features such as edges and textures are local.</li>
<li><strong>Translation</strong>: a cat is a cat wherever it appears in the frame.</li>
</ol>
<p>Convolutions build both assumptions directly into the architecture, which is why they became the foundation of computer vision.</p>`,
        },
        {
          title: 'The Convolution Operation',
          type: 'text',
          duration: '12 min',
          content: `<h2>Sliding Filters over Images</h2>
<p>A convolutional layer slides small learnable filters (<strong>kernels</strong>) across the input. At each position it computes a dot product between the kernel and the patch beneath it, producing one value in an output <strong>feature map</strong>. Strictly speaking, deep learning libraries compute <em>cross-correlation</em> (the kernel is not flipped), but since kernels are learned the distinction does not matter.</p>
<h3>Channels</h3>
<p>A kernel always spans <em>all</em> input channels. A 3x3 kernel on an RGB input has shape 3x3x3, and its output at each location sums over all three channels. A layer with <code>C_out</code> kernels produces <code>C_out</code> output channels, each detecting a different pattern. Early layers learn edge and color detectors; deeper layers combine them into textures, parts and objects.</p>
<h3>Parameter count</h3>
<pre><code class="language-python">params = K * K * C_in * C_out + C_out      # weights + biases
# 3x3 conv, 64 -&gt; 128 channels: 3*3*64*128 + 128 = 73,856</code></pre>
<p>This count is independent of the image size, because the same kernel is reused at every position. This <strong>weight sharing</strong> is what makes CNNs so parameter-efficient.</p>
<h3>Padding and stride</h3>
<ul>
<li><strong>Padding</strong> adds a border (usually zeros) so kernels can be centered on edge pixels. With stride 1, padding of <code>(K - 1) / 2</code> for odd <code>K</code> keeps the spatial size unchanged ("same" padding).</li>
<li><strong>Stride</strong> is the step between kernel positions. Stride 2 roughly halves height and width, a cheap way to downsample.</li>
</ul>
<h3>The output size formula</h3>
<pre><code class="language-python">out = floor((in + 2 * P - K) / S) + 1</code></pre>
<p>Example: the ResNet stem applies a 7x7 convolution with stride 2 and padding 3 to a 224-pixel input: <code>floor((224 + 6 - 7) / 2) + 1 = 112</code>. Compute output sizes by hand when designing a network; mismatched shapes at the classifier head are the most common architecture bug.</p>
<h3>1x1 convolutions</h3>
<p>A 1x1 convolution looks at a single pixel position but mixes all channels. It acts like a small fully connected layer applied at every location, and is widely used to change the number of channels cheaply.</p>`,
        },
        {
          title: 'Pooling, Receptive Fields and Inductive Bias',
          type: 'text',
          duration: '10 min',
          content: `<h2>Growing the Field of View</h2>
<h3>Pooling</h3>
<p><strong>Max pooling</strong> takes the maximum over small windows, typically 2x2 with stride 2, halving height and width. It has no parameters and makes the representation slightly tolerant to small shifts. <strong>Average pooling</strong> takes the mean instead. Many modern architectures downsample with strided convolutions and use pooling mainly at the very end.</p>
<p><strong>Global average pooling</strong> averages each channel over the entire spatial map, turning a <code>(C, H, W)</code> tensor into a <code>C</code>-length vector. Placing it before the classifier removes the huge fully connected layers of early CNNs and lets the network accept different input resolutions.</p>
<h3>Receptive field</h3>
<p>The <strong>receptive field</strong> of a unit is the region of the input image that can influence it. One 3x3 convolution sees a 3x3 patch. Stack two 3x3 layers with stride 1 and each output unit sees 5x5; three layers see 7x7. Downsampling multiplies the growth, because every later layer steps over a coarser grid. Deep layers therefore have receptive fields covering most of the image, which is what lets them recognize whole objects.</p>
<p>In practice the <em>effective</em> receptive field is smaller than the theoretical one: pixels near the center of the region contribute much more than those at the edges.</p>
<h3>Inductive bias</h3>
<p>An architecture's built-in assumptions are its <strong>inductive bias</strong>. Convolutions assume locality and share weights across positions, which makes them <em>translation-equivariant</em>: shifting the input shifts the feature maps by the same amount. Pooling and global averaging then add a degree of translation <em>invariance</em> to the final prediction.</p>
<p>Strong inductive bias means CNNs learn well from modest amounts of data. Vision Transformers, which split an image into patches and apply self-attention, have weaker spatial assumptions; they tend to need more data or heavy augmentation and regularization, but they scale very well when data is abundant. Hybrid and modernized convolutional designs such as ConvNeXt show that the two families have converged in many respects.</p>`,
        },
      ],
    },
    {
      kind: 'module',
      title: 'CNN Architectures',
      description: 'The key ideas behind landmark architectures and how to reuse them through transfer learning.',
      lessons: [
        {
          title: 'From LeNet to VGG',
          type: 'text',
          duration: '10 min',
          content: `<h2>The Early Milestones</h2>
<h3>LeNet-5 (1998)</h3>
<p>Yann LeCun and colleagues built LeNet-5 to read handwritten digits, for example on bank checks. Its pattern of convolutions, subsampling and fully connected layers at the end set the template for decades. With about 60,000 parameters, it was tiny by today's standards.</p>
<h3>AlexNet (2012)</h3>
<p>AlexNet won the ImageNet Large Scale Visual Recognition Challenge with a top-5 error of about 15.3%, against roughly 26% for the runner-up. That gap convinced the field that deep learning worked for vision. Its ingredients are still familiar:</p>
<ul>
<li><strong>ReLU</strong> activations, which trained much faster than tanh.</li>
<li><strong>Dropout</strong> in the large fully connected layers to fight overfitting.</li>
<li><strong>Data augmentation</strong> with random crops and horizontal flips.</li>
<li><strong>GPU training</strong>, which made a network with about 60 million parameters feasible.</li>
</ul>
<h3>VGG (2014)</h3>
<p>VGG asked a simple question: what if we use only 3x3 convolutions and just go deeper? VGG-16 stacks blocks of 3x3 convolutions separated by 2x2 max pooling, doubling the channel count after each pooling step (64, 128, 256, 512).</p>
<p>Why small kernels? Two stacked 3x3 layers have the same 5x5 receptive field as one 5x5 layer, but use <code>2 * 9 = 18</code> weights per input-output channel pair instead of 25, and include an extra non-linearity. Three 3x3 layers match a 7x7 receptive field with 27 weights instead of 49. Depth buys expressiveness cheaply.</p>
<p>VGG's weakness is cost: about 138 million parameters, most of them in the fully connected layers, and a heavy compute budget. It remains a popular teaching example and feature extractor thanks to its clean, uniform design.</p>
<h3>The wall</h3>
<p>Pushing plain networks like VGG much deeper ran into a surprising problem: beyond a certain depth, <em>training</em> error got worse, not just test error. That is not overfitting; the deeper networks were harder to optimize. Solving this required a new idea, covered in the next lesson.</p>`,
        },
        {
          title: 'Residual Networks and Batch Normalization',
          type: 'text',
          duration: '11 min',
          content: `<h2>Making Depth Trainable</h2>
<h3>The residual idea</h3>
<p>In theory, a deeper network should never be worse than a shallower one: the extra layers could simply learn the identity function. In practice, stacks of non-linear layers find it hard to learn the identity. <strong>ResNet</strong> (2015) made this easy by changing what each block learns:</p>
<pre><code class="language-python">out = relu(F(x) + x)      # F = conv-BN-relu-conv-BN</code></pre>
<p>The <strong>skip connection</strong> adds the input back to the block's output, so the block only needs to learn a <em>residual</em> correction <code>F(x)</code>. If no change is useful, pushing <code>F</code> toward zero is easy. Gradients also flow straight through the additions, reaching early layers without being repeatedly shrunk. ResNets with 152 layers won ImageNet 2015, and networks with over a thousand layers have been trained.</p>
<p>When a block changes the spatial size or channel count, the shortcut uses a 1x1 convolution with matching stride so the shapes line up for the addition.</p>
<h3>Bottleneck blocks</h3>
<p>Deeper ResNets (50 layers and up) use a <strong>bottleneck</strong>: a 1x1 convolution reduces channels, a 3x3 convolution works in the reduced space, and another 1x1 convolution expands back. ResNet-50 has only about 25.6 million parameters, far fewer than VGG-16, while being considerably more accurate.</p>
<h3>Batch normalization</h3>
<p><strong>BatchNorm</strong> normalizes each channel using the mean and variance of the current mini-batch, then applies a learned scale and shift. It allows higher learning rates and makes training far less sensitive to initialization. Important practical details:</p>
<ul>
<li>At inference time, BatchNorm uses <em>running averages</em> collected during training. Forgetting to switch the model to evaluation mode (<code>model.eval()</code>) is a classic bug that makes predictions depend on the batch.</li>
<li>With very small batches, batch statistics become noisy. <strong>GroupNorm</strong> or <strong>LayerNorm</strong>, which do not depend on the batch, are better choices there, and are common in detection models trained with few images per GPU.</li>
</ul>
<h3>Legacy</h3>
<p>Residual connections are now everywhere, including in every transformer. ResNet-50 remains a standard baseline and backbone for detection and segmentation.</p>`,
        },
        {
          title: 'Efficient Architectures and Transfer Learning',
          type: 'text',
          duration: '11 min',
          content: `<h2>Accuracy per FLOP</h2>
<h3>Depthwise separable convolutions</h3>
<p>A standard convolution filters space and mixes channels in one expensive step. A <strong>depthwise separable</strong> convolution splits it in two:</p>
<ol>
<li>A <strong>depthwise</strong> convolution applies one K x K filter to each input channel separately.</li>
<li>A <strong>pointwise</strong> 1x1 convolution mixes the channels.</li>
</ol>
<p>The cost relative to a standard convolution is about <code>1/C_out + 1/K^2</code>, so with 3x3 kernels it needs roughly eight to nine times fewer multiply-adds. <strong>MobileNet</strong> is built from these blocks; MobileNetV2 adds inverted residuals, which expand channels, filter depthwise and project back down.</p>
<h3>Compound scaling</h3>
<p><strong>EfficientNet</strong> observed that depth, width and input resolution should be scaled together. It found a small base network by architecture search and scaled all three dimensions with fixed ratios, producing a family (B0 to B7) with an excellent accuracy-to-compute tradeoff.</p>
<h3>Transfer learning in practice</h3>
<p>You rarely train a vision backbone from scratch. Start from weights pretrained on a large dataset and adapt them:</p>
<pre><code class="language-python">import torch.nn as nn
from torchvision.models import resnet50, ResNet50_Weights

model = resnet50(weights=ResNet50_Weights.IMAGENET1K_V2)
model.fc = nn.Linear(model.fc.in_features, num_classes)</code></pre>
<ul>
<li><strong>Small dataset, similar domain</strong>: freeze the backbone and train only the new head, or fine-tune the last stage.</li>
<li><strong>Larger dataset or different domain</strong> (medical scans, satellite imagery): fine-tune everything, using a smaller learning rate for the backbone than for the head.</li>
</ul>
<p>Use the preprocessing that matches the weights; torchvision exposes it through <code>weights.transforms()</code>.</p>
<h3>Choosing a backbone</h3>
<p>Compare candidates on <em>your</em> target hardware, measuring latency and memory as well as accuracy. FLOP counts are only a rough proxy: depthwise convolutions, for example, have low FLOPs but can be memory-bound and slower than expected on some GPUs.</p>`,
        },
      ],
    },
    {
      kind: 'quiz',
      title: 'Checkpoint: Convolutions and Architectures',
      description: 'Shapes, parameters and architectural ideas. Keep a pencil handy.',
      questions: [
        {
          question:
            'A 32x32 input passes through a 5x5 convolution with stride 1 and no padding. What is the spatial size of the output?',
          options: ['32 x 32', '28 x 28', '27 x 27', '30 x 30'],
          correctAnswer: 2,
        },
        {
          question: 'How many parameters, including biases, does a 3x3 convolution from 16 to 32 channels have?',
          options: ['4,640', '4,608', '544'],
          correctAnswer: 1,
        },
        {
          question: 'Why do residual connections make very deep networks easier to train?',
          options: [
            'They remove the need for non-linear activations',
            'They reduce the input image resolution at every layer',
            'Blocks only need to learn a correction to the identity, and gradients flow directly through the additions',
          ],
          correctAnswer: 3,
        },
        {
          question:
            'Two stacked 3x3 convolutions with stride 1 have the same receptive field as a single convolution of which size?',
          options: ['3 x 3', '5 x 5'],
          correctAnswer: 2,
        },
        {
          question: 'What is a depthwise separable convolution?',
          options: [
            'A convolution that is applied only to the depth channel of RGB-D images',
            'A convolution whose kernels are shared across all layers of the network',
            'A 3x3 convolution followed by max pooling',
            'A per-channel spatial convolution followed by a 1x1 pointwise convolution that mixes channels',
          ],
          correctAnswer: 4,
        },
      ],
    },
    {
      kind: 'module',
      title: 'Data Augmentation and Training Recipes',
      description: 'Get more out of limited data and train vision models reliably.',
      lessons: [
        {
          title: 'Augmentation Strategies',
          type: 'text',
          duration: '11 min',
          content: `<h2>Teaching Invariance with Synthetic Variety</h2>
<p><strong>Data augmentation</strong> applies random, label-preserving transformations to training images so the model sees a slightly different version of each image every epoch. It is among the most effective regularizers in vision, because it encodes knowledge about which changes should <em>not</em> change the answer.</p>
<h3>Standard transformations</h3>
<ul>
<li><strong>Geometric</strong>: random resized crops, horizontal flips, small rotations, scaling and translation.</li>
<li><strong>Photometric</strong>: brightness, contrast, saturation and hue jitter, blur, noise.</li>
<li><strong>Occlusion</strong>: Cutout or random erasing blanks out patches, forcing the model to use more than one discriminative region.</li>
</ul>
<pre><code class="language-python">import torch
from torchvision.transforms import v2

train_tf = v2.Compose([
    v2.RandomResizedCrop(224, scale=(0.08, 1.0)),
    v2.RandomHorizontalFlip(),
    v2.ColorJitter(brightness=0.4, contrast=0.4, saturation=0.4),
    v2.ToImage(),
    v2.ToDtype(torch.float32, scale=True),
    v2.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225]),
])</code></pre>
<p>Validation and test data get deterministic preprocessing only, typically a resize followed by a center crop, so that evaluation is repeatable.</p>
<h3>Label-mixing methods</h3>
<ul>
<li><strong>Mixup</strong> blends two images pixel by pixel, <code>x = lam * x_i + (1 - lam) * x_j</code>, and mixes their labels with the same weight, with <code>lam</code> drawn from a Beta distribution.</li>
<li><strong>CutMix</strong> pastes a rectangle from one image onto another and mixes the labels in proportion to the pasted area.</li>
</ul>
<p>Both smooth the decision boundaries and improve calibration, and they are standard in modern ImageNet recipes.</p>
<h3>Automated policies</h3>
<p>Methods such as <strong>RandAugment</strong> and <strong>TrivialAugment</strong> randomly pick operations from a predefined list, replacing hand tuning of many individual parameters with one or two knobs.</p>
<h3>Know your domain</h3>
<p>Augmentation must preserve the label. Rotating a digit by 180 degrees can turn a 6 into a 9. Horizontal flips break text and left-right anatomy in medical images. Color jitter can destroy the signal when color is the feature, such as ripeness of fruit. For detection and segmentation, every geometric transform must be applied consistently to boxes and masks as well; torchvision's v2 transforms handle this when targets are passed together with the image.</p>`,
        },
        {
          title: 'Training Recipes That Work',
          type: 'text',
          duration: '10 min',
          content: `<h2>The Details That Add Up</h2>
<p>Architectures get the headlines, but a modern training recipe can add several points of accuracy to an old architecture. Published re-trainings of ResNet-50 with updated recipes improved its ImageNet top-1 accuracy from about 76% to around 80%, with no change to the network itself.</p>
<h3>Optimizer and schedule</h3>
<ul>
<li><strong>SGD with momentum</strong> (0.9) remains a strong choice for CNNs; <strong>AdamW</strong>, which decouples weight decay from the gradient update, is standard for vision transformers and works well for CNNs too.</li>
<li>Use a short <strong>linear warmup</strong> followed by <strong>cosine decay</strong>. Warmup prevents early instability, especially with large batches.</li>
<li>When changing the batch size, scale the learning rate roughly proportionally as a starting point, then verify.</li>
</ul>
<h3>Regularization</h3>
<ul>
<li><strong>Weight decay</strong>, but typically not applied to biases and normalization parameters.</li>
<li><strong>Label smoothing</strong> (for example 0.1) replaces one-hot targets with slightly softened ones, discouraging over-confident logits.</li>
<li><strong>Stochastic depth</strong> randomly skips residual blocks during training in deep networks.</li>
<li>Strong augmentation (RandAugment, Mixup, CutMix) for long schedules.</li>
</ul>
<h3>Speed and stability</h3>
<ul>
<li><strong>Mixed precision</strong> training (bfloat16 or float16 with loss scaling) roughly halves memory use and substantially speeds up training on modern GPUs.</li>
<li>Keep an <strong>exponential moving average</strong> (EMA) of the weights; evaluating the EMA model often gives a small, free improvement.</li>
<li>Make data loading fast enough that the GPU never waits: multiple workers, pinned memory, pre-resized images.</li>
</ul>
<h3>Evaluate carefully</h3>
<p>Report the mean and spread over several seeds when differences are small. Check per-class accuracy, not only the average: a model can gain overall while collapsing on a rare but important class. Keep a small hand-labeled "hard cases" set from production to catch regressions that aggregate metrics hide.</p>
<blockquote>Change one thing at a time, and keep a log. Most "improvements" in vision are within noise unless measured properly.</blockquote>`,
        },
      ],
    },
    {
      kind: 'module',
      title: 'Object Detection Basics',
      description: 'From classifying images to locating every object: boxes, matching, detector families and metrics.',
      lessons: [
        {
          title: 'Boxes, IoU and Non-Maximum Suppression',
          type: 'text',
          duration: '11 min',
          content: `<h2>The Building Blocks of Detection</h2>
<p>Classification answers "what is in this image?" <strong>Object detection</strong> answers "what is where?" by predicting a set of <strong>bounding boxes</strong>, each with a class label and a confidence score.</p>
<h3>Box formats</h3>
<ul>
<li><code>xyxy</code>: top-left and bottom-right corners (used by torchvision).</li>
<li><code>xywh</code>: top-left corner plus width and height (the COCO annotation format).</li>
<li><code>cxcywh</code>: center plus width and height (common in YOLO-style and DETR-style models), often normalized to the range 0 to 1.</li>
</ul>
<p>Mixing up formats is one of the most common detection bugs. Convert explicitly at every boundary and draw a few boxes on images to verify.</p>
<h3>Intersection over Union</h3>
<p><strong>IoU</strong> measures how well two boxes overlap: the area of their intersection divided by the area of their union. It is 1 for identical boxes and 0 for disjoint ones.</p>
<pre><code class="language-python">def iou(a, b):  # boxes as (x1, y1, x2, y2)
    ix1, iy1 = max(a[0], b[0]), max(a[1], b[1])
    ix2, iy2 = min(a[2], b[2]), min(a[3], b[3])
    inter = max(0, ix2 - ix1) * max(0, iy2 - iy1)
    area_a = (a[2] - a[0]) * (a[3] - a[1])
    area_b = (b[2] - b[0]) * (b[3] - b[1])
    return inter / (area_a + area_b - inter)</code></pre>
<p>IoU is used everywhere: to match predictions to ground truth during training and evaluation, and to find duplicate predictions.</p>
<h3>Non-maximum suppression</h3>
<p>Detectors typically output many overlapping boxes around each object. <strong>NMS</strong> cleans them up, per class:</p>
<pre><code class="language-python">def nms(boxes, scores, thresh=0.5):
    order = np.argsort(scores)[::-1]        # highest score first
    keep = []
    while len(order) &gt; 0:
        best, rest = order[0], order[1:]
        keep.append(best)
        overlaps = np.array([iou(boxes[best], boxes[j]) for j in rest])
        order = rest[overlaps &lt; thresh]      # drop heavy overlaps
    return keep</code></pre>
<p>The threshold is a tradeoff: too low and two people standing close together may be merged into one detection; too high and duplicates survive. In production, use the optimized <code>torchvision.ops.nms</code> or <code>batched_nms</code> rather than a Python loop.</p>`,
        },
        {
          title: 'Two-Stage and One-Stage Detectors',
          type: 'text',
          duration: '12 min',
          content: `<h2>Two Philosophies of Finding Objects</h2>
<h3>Two-stage detectors: propose, then classify</h3>
<p>The R-CNN line of work first proposes candidate regions, then classifies and refines each one.</p>
<ul>
<li><strong>R-CNN</strong> (2014) ran a CNN on each of about two thousand externally generated proposals: accurate but very slow.</li>
<li><strong>Fast R-CNN</strong> ran the backbone once per image and pooled features for each proposal from the shared feature map.</li>
<li><strong>Faster R-CNN</strong> (2015) replaced the external proposal method with a learned <strong>Region Proposal Network (RPN)</strong>, making the whole system trainable end to end.</li>
</ul>
<p>The RPN introduced <strong>anchors</strong>: at each feature-map location, a set of reference boxes with several scales and aspect ratios. The network predicts, for each anchor, an objectness score and offsets that adjust the anchor to fit an object. Combined with a <strong>Feature Pyramid Network</strong> (FPN), which merges coarse semantic features with fine high-resolution ones to detect objects of different sizes, Faster R-CNN remains a strong and widely used baseline.</p>
<h3>One-stage detectors: predict directly</h3>
<p><strong>YOLO</strong> and <strong>SSD</strong> skip the proposal stage and predict classes and boxes densely over the feature maps in a single pass. They are fast enough for real-time video. Their challenge is <strong>class imbalance</strong>: among tens of thousands of candidate locations, only a handful contain objects, and the easy background examples swamp the loss.</p>
<p><strong>RetinaNet</strong> addressed this with the <strong>focal loss</strong>, <code>-(1 - p_t)^gamma * log(p_t)</code>, which down-weights examples the model already classifies confidently, so training focuses on the hard ones. With it, a one-stage detector matched two-stage accuracy.</p>
<h3>Anchor-free and set-based detectors</h3>
<ul>
<li><strong>Anchor-free</strong> models such as FCOS and CenterNet predict objects from points (for example object centers) instead of predefined anchor boxes, removing many hand-tuned hyperparameters.</li>
<li><strong>DETR</strong> (2020) uses a transformer to predict a fixed-size set of boxes and matches them one-to-one with ground truth using the Hungarian algorithm. Because each object is assigned to exactly one prediction, NMS is not needed.</li>
</ul>
<h3>Choosing</h3>
<p>For real-time use on edge devices, start with a modern one-stage model. When accuracy on small or crowded objects matters more than speed, evaluate two-stage or transformer-based detectors.</p>`,
        },
        {
          title: 'Measuring Detection: Precision, Recall and mAP',
          type: 'text',
          duration: '10 min',
          content: `<h2>How Detectors Are Scored</h2>
<p>Evaluating detection is harder than evaluating classification, because the model outputs a variable number of boxes that must be matched to a variable number of ground-truth objects.</p>
<h3>Matching predictions to objects</h3>
<ol>
<li>Sort all predictions of a class across the dataset by confidence, highest first.</li>
<li>Walk down the list. A prediction is a <strong>true positive</strong> if its IoU with an unmatched ground-truth box of the same class is at least the threshold (for example 0.5). That ground-truth box is then marked as matched.</li>
<li>Otherwise it is a <strong>false positive</strong>, including duplicate detections of an already matched object.</li>
<li>Ground-truth boxes that are never matched are <strong>false negatives</strong>.</li>
</ol>
<h3>Average precision</h3>
<p>As you walk down the sorted list you can compute precision and recall at every point, tracing a <strong>precision-recall curve</strong>. <strong>Average precision (AP)</strong> summarizes that curve as its area, computed with an interpolated precision envelope. A detector that finds every object before making any mistakes has an AP of 1.0.</p>
<h3>mAP</h3>
<p><strong>Mean average precision (mAP)</strong> averages AP over classes. Two conventions are common:</p>
<ul>
<li><strong>PASCAL VOC style</strong>: AP at a single IoU threshold of 0.5, written mAP@0.5 or AP50.</li>
<li><strong>COCO style</strong>: AP averaged over ten IoU thresholds, from 0.50 to 0.95 in steps of 0.05, written AP@[.5:.95]. This rewards precise localization, not just roughly right boxes. COCO also reports AP for small, medium and large objects separately.</li>
</ul>
<p>Always state which definition you use; the same model can score around 60 AP50 and 40 COCO AP.</p>
<h3>Beyond mAP</h3>
<p>mAP averages over all confidence thresholds, but a deployed system uses one. Choose the operating threshold based on the cost of false alarms versus misses, and report precision and recall there. Also measure latency end to end, including preprocessing and NMS, on the target device. Finally, slice results by object size, lighting and camera: detection failures are rarely uniform.</p>`,
        },
      ],
    },
    {
      kind: 'quiz',
      title: 'Final Quiz: Augmentation and Detection',
      description: 'Test your understanding of training recipes, IoU, NMS and detection metrics.',
      questions: [
        {
          question: 'Box A is (0, 0, 2, 2) and box B is (1, 1, 3, 3) in xyxy format. What is their IoU?',
          options: ['0.25', '0.5', '1/7, about 0.14', '1/8, or 0.125'],
          correctAnswer: 3,
        },
        {
          question: 'What is the purpose of non-maximum suppression?',
          options: [
            'To remove duplicate overlapping detections of the same object, keeping the highest-scoring one',
            'To increase the number of region proposals per image',
          ],
          correctAnswer: 1,
        },
        {
          question: 'Which augmentation is most likely to corrupt the labels of a handwritten digit dataset?',
          options: [
            'Small rotations of a few degrees',
            'Rotations of 180 degrees, which can turn a 6 into a 9',
            'Slight brightness and contrast changes',
          ],
          correctAnswer: 2,
        },
        {
          question: 'COCO-style mAP, written AP@[.5:.95], is computed by averaging over what?',
          options: [
            'Only the largest objects in each image',
            'A single IoU threshold of 0.5',
            'The ten most frequent classes',
            'IoU thresholds from 0.50 to 0.95 in steps of 0.05 (and over classes)',
          ],
          correctAnswer: 4,
        },
        {
          question: 'What problem does the focal loss in RetinaNet primarily address?',
          options: [
            'The extreme imbalance between many easy background locations and few object locations',
            'The slowness of non-maximum suppression',
            'The lack of color information in grayscale images',
          ],
          correctAnswer: 1,
        },
        {
          question:
            'Should random augmentations such as random crops be applied to the validation set during standard evaluation?',
          options: ['Yes, always', 'No, evaluation uses deterministic preprocessing'],
          correctAnswer: 2,
        },
      ],
    },
  ],
};
