import type { SeedCourse } from './types';
import { firstCourseInMachineLearning } from './first-course-in-machine-learning';
import { pythonForDataScience } from './python-for-data-science';
import { neuralNetworksFromScratch } from './neural-networks-from-scratch';
import { nlpWithTransformers } from './nlp-with-transformers';
import { computerVisionDeepDive } from './computer-vision-deep-dive';
import { llmEngineering } from './llm-engineering';

export type { SeedCourse, SeedModule, SeedLesson, SeedQuiz, SeedQuestion } from './types';

export const seedCourses: SeedCourse[] = [
  firstCourseInMachineLearning,
  pythonForDataScience,
  neuralNetworksFromScratch,
  nlpWithTransformers,
  computerVisionDeepDive,
  llmEngineering,
];
