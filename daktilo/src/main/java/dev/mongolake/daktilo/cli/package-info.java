/**
 * The {@code daktilo} command-line tool ({@link dev.mongolake.daktilo.cli.DaktiloCli}): {@code
 * inspect}, {@code verify}, {@code dump}, {@code append} and {@code tail} over a log directory. The
 * reading commands never open the log for writing, so they work on a log another process has open;
 * {@code append} opens it (and so needs it closed elsewhere). The command classes are public so
 * that other command-line tools (such as {@code mongolake log}) can mount them as subcommands.
 */
package dev.mongolake.daktilo.cli;
