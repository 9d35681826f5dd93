package dev.coroner.app.launch;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * File names are bytes, read, printed and reported as UTF-8 in every locale (docs/VERDICTS.md, "Command line"). A JVM
 * started in the C locale (cron, most containers) decodes file names and arguments as ASCII: a {@code café.jsonl}
 * named cannot become a path, and one found in a folder prints as {@code caf��.jsonl}. Java 17 takes that charset
 * ({@code sun.jnu.encoding}) from the locale when it starts, ignores it on the command line, and has fixed it before
 * {@code main} runs. So such a JVM runs Coroner again in a child JVM started in the {@code C.UTF-8} locale, handing it
 * the arguments' own bytes (from {@code /proc/self/cmdline}, hex in {@link #ARGS_VARIABLE}), and exits with its status;
 * the launchers start the JVM in a UTF-8 locale themselves, so only {@code java -jar} in such a locale pays the second
 * start. Where that cannot be done (no {@code /proc}, a JVM option that is not ASCII) the run goes on as before.
 */
public final class Utf8FileNames {
    /** Set in the child: the arguments' bytes, {@code N:hex,hex,…}; its presence also says "never run again". */
    static final String ARGS_VARIABLE = "CORONER_UTF8_ARGS";
    private static final String JNU = "sun.jnu.encoding";

    private Utf8FileNames() {
    }

    /**
     * Called first in {@code main}: the arguments to run with, as UTF-8 decodes their bytes; or, in a JVM whose file
     * names are not UTF-8, runs Coroner in a child JVM whose are and returns its exit status instead (never null
     * together: exactly one of {@code args} and {@code status} is set).
     */
    public record Start(String[] args, Integer status) {
    }

    public static Start adopt(String[] args) {
        String given = System.getenv(ARGS_VARIABLE);
        if (given != null) {
            String[] decoded = decode(given);
            return new Start(decoded != null ? decoded : args, null);
        }
        String was = System.getProperty(JNU);
        if (was == null || isUtf8(was) || System.getProperty("os.name", "").startsWith("Windows")) {
            return new Start(args, null);
        }
        byte[][] raw = rawArguments(args, charset(was));
        List<String> command = childCommand();
        if (raw == null || command == null) {
            return new Start(args, null);
        }
        ProcessBuilder pb = new ProcessBuilder(command).inheritIO();
        pb.environment().keySet().removeIf(k -> k.startsWith("LC_") || k.equals("LANG"));
        pb.environment().put("LC_ALL", "C.UTF-8");
        pb.environment().put(ARGS_VARIABLE, encode(raw));
        try {
            Process child = pb.start();
            ignoreCtrlC(); // the child, in the same process group, gets it and answers with its status
            return new Start(null, child.waitFor());
        } catch (IOException e) {
            return new Start(args, null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Start(args, null);
        }
    }

    private static void ignoreCtrlC() {
        try {
            sun.misc.Signal.handle(new sun.misc.Signal("INT"), sun.misc.SignalHandler.SIG_IGN);
        } catch (IllegalArgumentException e) {
            // the JVM keeps the signal (-Xrs): Ctrl+C ends this one too
        }
    }

    /** This JVM's own command line up to its main class, or null when a part of it is not ASCII (it would be lost). */
    private static List<String> childCommand() {
        List<String> command = new ArrayList<>();
        command.add(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments());
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), "dev.coroner.app.Main"));
        return allAscii(command.toArray(String[]::new)) ? command : null;
    }

    /** The arguments' bytes, from the kernel's copy of the command line; null when they cannot be had. */
    private static byte[][] rawArguments(String[] args, Charset locale) {
        try (InputStream in = new FileInputStream("/proc/self/cmdline")) {
            return fromCommandLine(in.readAllBytes(), args, locale);
        } catch (IOException | SecurityException e) {
            return null; // no /proc (not Linux)
        }
    }

    static String encode(byte[][] raw) {
        StringBuilder b = new StringBuilder().append(raw.length).append(':');
        for (int i = 0; i < raw.length; i++) {
            if (i > 0) {
                b.append(',');
            }
            for (byte x : raw[i]) {
                b.append(Character.forDigit((x >> 4) & 0xF, 16)).append(Character.forDigit(x & 0xF, 16));
            }
        }
        return b.toString();
    }

    /** The arguments {@link #encode} wrote, decoded as UTF-8; null when the text is not such. */
    static String[] decode(String text) {
        int colon = text.indexOf(':');
        try {
            int n = Integer.parseInt(text.substring(0, Math.max(0, colon)));
            String[] parts = n == 0 ? new String[0] : text.substring(colon + 1).split(",", -1);
            if (parts.length != n) {
                return null;
            }
            String[] args = new String[n];
            for (int i = 0; i < n; i++) {
                byte[] bytes = new byte[parts[i].length() / 2];
                for (int k = 0; k < bytes.length; k++) {
                    bytes[k] = (byte) Integer.parseInt(parts[i].substring(2 * k, 2 * k + 2), 16);
                }
                args[i] = new String(bytes, StandardCharsets.UTF_8);
            }
            return args;
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * The last {@code args.length} NUL-ended entries of {@code cmdline}, when decoding them with {@code locale} gives
     * {@code args} back (they are these arguments' bytes); else null.
     */
    static byte[][] fromCommandLine(byte[] cmdline, String[] args, Charset locale) {
        List<byte[]> entries = new ArrayList<>();
        int from = 0;
        for (int i = 0; i < cmdline.length; i++) {
            if (cmdline[i] == 0) {
                entries.add(java.util.Arrays.copyOfRange(cmdline, from, i));
                from = i + 1;
            }
        }
        if (entries.size() < args.length || locale == null) {
            return null;
        }
        byte[][] raw = new byte[args.length][];
        for (int i = 0; i < args.length; i++) {
            raw[i] = entries.get(entries.size() - args.length + i);
            if (!new String(raw[i], locale).equals(args[i])) {
                return null; // not the arguments' bytes after all
            }
        }
        return raw;
    }

    private static boolean isUtf8(String charset) {
        return charset.equalsIgnoreCase("UTF-8") || charset.equalsIgnoreCase("UTF8");
    }

    private static boolean allAscii(String[] args) {
        for (String a : args) {
            for (int i = 0; i < a.length(); i++) {
                if (a.charAt(i) >= 0x80) {
                    return false;
                }
            }
        }
        return true;
    }

    private static Charset charset(String name) {
        try {
            return Charset.forName(name);
        } catch (RuntimeException e) {
            return null;
        }
    }
}
