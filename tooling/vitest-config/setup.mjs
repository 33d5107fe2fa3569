// tsyringe needs the Reflect metadata polyfill before any decorated class is evaluated.
import 'reflect-metadata';
