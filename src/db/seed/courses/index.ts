import { computerVisionDeepDive } from './computer-vision-deep-dive';
import { firstCourseInMachineLearning } from './first-course-in-machine-learning';
import { llmEngineering } from './llm-engineering';
import { neuralNetworksFromScratch } from './neural-networks-from-scratch';
import { nlpWithTransformers } from './nlp-with-transformers';
import { pythonForDataScience } from './python-for-data-science';
import type { SeedCourse } from './types';

export type { SeedCourse, SeedLesson, SeedModule, SeedQuestion, SeedQuiz } from './types';

export const seedCourses: SeedCourse[] = [
  firstCourseInMachineLearning,
  pythonForDataScience,
  neuralNetworksFromScratch,
  nlpWithTransformers,
  computerVisionDeepDive,
  llmEngineering,
];
