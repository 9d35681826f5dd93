import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

/**
 * The one pass on one thread, in CPU seconds (docs/ARCHITECTURE.md, "The pass"): every *.jsonl under a folder (or one
 * file) read by TranscriptPass.run, ROUNDS times, for each built jar named, each in a class loader of its own in this
 * one JVM. Round by round the jars take turns, the first going first in odd rounds and last in even ones, so a burst
 * of load elsewhere (this machine's speed moves by a third within minutes) hits them alike: compare a round's
 * figures with each other, not with another round's. Prints each round, then each jar's median and in how many
 * rounds it took the least CPU, and each jar's speed as a share of the first jar's, round by round (the median of
 * those ratios). bench/pass-cpu.sh runs it:
 *   java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC bench/PassCpu.java PATH ROUNDS JAR [JAR...]
 * With -Dscope=CALLS (or BLOCKS) it times the pass of that scope, as precursor (scripts) runs it.
 * With -Dinterleave=file the jars take turns file by file (each first in turn), every file's CPU time added to its
 * jar's round: a burst of load then lands on all the jars alike, where round by round it may land on one jar's turn
 * (this machine's speed moves within a second). The pass only, not the search.
 * With -Dsearch=TEXT it times the corpus search instead (LineSearch.linesContaining, the first 50 lines kept), the
 * lines found printed with each round so two builds can be seen to agree.
 */
public final class PassCpu {
    public static void main(String[] args) throws Exception {
        Path root = Path.of(args[0]);
        int rounds = Integer.parseInt(args[1]);
        List<String> jars = Arrays.asList(args).subList(2, args.length);
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.walk(root)) {
            s.filter(p -> Files.isRegularFile(p) && p.toString().endsWith(".jsonl")).sorted().forEach(files::add);
        }
        long bytes = 0;
        for (Path f : files) {
            bytes += Files.size(f);
        }
        String search = System.getProperty("search");
        String scope = System.getProperty("scope");
        Object[] scopes = new Object[jars.size()];
        BooleanSupplier never = () -> false;
        Method[] pass = new Method[jars.size()];
        for (int j = 0; j < pass.length; j++) {
            URLClassLoader loader = new URLClassLoader(new URL[] {Path.of(jars.get(j)).toUri().toURL()},
                    ClassLoader.getPlatformClassLoader());
            if (scope != null) { // a command's pass: CALLS (precursor, propose) or BLOCKS (scripts)
                Class<?> pass0 = loader.loadClass("dev.coroner.core.index.TranscriptPass");
                @SuppressWarnings({"unchecked", "rawtypes"})
                Object named = Enum.valueOf((Class) loader.loadClass("dev.coroner.core.index.TranscriptPass$Scope"), scope);
                scopes[j] = named;
                pass[j] = pass0.getMethod("run", Path.class, named.getClass());
                continue;
            }
            pass[j] = search == null
                    ? loader.loadClass("dev.coroner.core.index.TranscriptPass").getMethod("run", Path.class)
                    : loader.loadClass("dev.coroner.core.index.LineSearch").getMethod("linesContaining", Path.class,
                            String.class, int.class, BooleanSupplier.class);
        }
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        double[][] seconds = new double[pass.length][rounds];
        int[] least = new int[pass.length];
        // -Dinterleave=file: the jars take turns file by file, not round by round (see the class comment)
        boolean byFile = "file".equals(System.getProperty("interleave"));
        if (byFile && search != null) {
            System.err.println("pass-cpu: INTERLEAVE=file times the pass, not the search");
            System.exit(2);
        }
        for (int r = 0; r < rounds; r++) {
            int fastest = 0;
            if (byFile) {
                for (int i = 0; i < files.size(); i++) {
                    for (int k = 0; k < pass.length; k++) {
                        int j = (k + i + r) % pass.length; // each jar first as often as the others
                        long c0 = cpu.getCurrentThreadCpuTime();
                        if (scope != null) {
                            pass[j].invoke(null, files.get(i), scopes[j]);
                        } else {
                            pass[j].invoke(null, files.get(i));
                        }
                        seconds[j][r] += (cpu.getCurrentThreadCpuTime() - c0) / 1e9;
                    }
                }
                for (int j = 0; j < pass.length; j++) {
                    System.out.printf("round %d, %s: %,d files, %,d bytes, %.2f CPU s, %.0f MB per CPU s%n", r + 1,
                            jars.get(j), files.size(), bytes, seconds[j][r], bytes / 1e6 / seconds[j][r]);
                    fastest = seconds[j][r] < seconds[fastest][r] ? j : fastest;
                }
                least[fastest]++;
                continue;
            }
            for (int k = 0; k < pass.length; k++) {
                int j = r % 2 == 0 ? k : pass.length - 1 - k;
                long c0 = cpu.getCurrentThreadCpuTime();
                long found = 0;
                for (Path f : files) {
                    if (scope != null) {
                        pass[j].invoke(null, f, scopes[j]);
                    } else if (search == null) {
                        pass[j].invoke(null, f);
                    } else {
                        Object result = pass[j].invoke(null, f, search, 50, never);
                        found += (int) result.getClass().getMethod("lines").invoke(result);
                    }
                }
                seconds[j][r] = (cpu.getCurrentThreadCpuTime() - c0) / 1e9;
                System.out.printf("round %d, %s: %,d files, %,d bytes, %.2f CPU s, %.0f MB per CPU s%s%n", r + 1,
                        jars.get(j), files.size(), bytes, seconds[j][r], bytes / 1e6 / seconds[j][r],
                        search == null ? "" : String.format(", %,d lines hold \"%s\"", found, search));
            }
            for (int j = 1; j < pass.length; j++) {
                fastest = seconds[j][r] < seconds[fastest][r] ? j : fastest;
            }
            least[fastest]++;
        }
        for (int j = 0; j < pass.length; j++) {
            double[] sorted = seconds[j].clone();
            Arrays.sort(sorted);
            System.out.printf("%s: median %.0f MB per CPU s, the least CPU in %d of %d rounds%n", jars.get(j),
                    bytes / 1e6 / sorted[rounds / 2], least[j], rounds);
        }
        // the machine's speed moves between rounds more than builds differ: each round's own ratio, then their median
        for (int j = 1; j < pass.length; j++) {
            double[] ratio = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                ratio[r] = seconds[0][r] / seconds[j][r];
            }
            Arrays.sort(ratio);
            System.out.printf("%s: its speed over %s's in the same round, median %.3f (%.3f to %.3f)%n",
                    jars.get(j), jars.get(0), ratio[rounds / 2], ratio[0], ratio[rounds - 1]);
        }
    }
}
