#!/usr/bin/env node
// By path: dependency-cruiser's package exports do not list its command.
import '../node_modules/dependency-cruiser/bin/dependency-cruise.mjs';
