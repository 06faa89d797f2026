/**
 * An enrolled learner's way into Learn, by their progress (as My Courses words it): Start Course at 0 %
 * (docs/product.md, Learning).
 */
export function learnLabel(progress: number | undefined): string {
  if (!progress) return 'Start Course';
  return progress >= 100 ? 'Review Course' : 'Continue Course';
}
