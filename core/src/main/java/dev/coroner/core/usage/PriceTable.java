package dev.coroner.core.usage;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tomlj.Toml;
import org.tomlj.TomlParseError;
import org.tomlj.TomlParseResult;
import org.tomlj.TomlTable;

/**
 * Prices per model, in US dollars per million tokens (docs/COST.md, "Prices"). The bundled table is LiteLLM's model
 * price list (MIT licence) as ccusage 20.0.24 carries it, cut to the Claude and OpenAI models' four prices
 * ({@code prices.toml} beside this class says its source and date); a TOML file of the same shape overrides it, model
 * by model ({@code --prices FILE}, the user's prices file {@link #userFile()}).
 *
 * <p>The file's shape: an optional {@code [source]} table ({@code name}, {@code date}), then one table per model,
 * {@code [models."claude-opus-4-7"]} with {@code input}, {@code output}, {@code cache_write} and {@code cache_read}
 * (numbers, per million tokens; a missing one is 0), and {@code cache_write_1h} for one-hour cache writes (when
 * missing, {@code cache_write}).
 *
 * <p>A model is found the way ccusage finds it (docs/COST.md, "Matching"): its exact name, then the name with each
 * provider prefix in {@link #PREFIXES} in order. Nothing else: a model not found has no price.
 */
public final class PriceTable {
    /** The file name of the user's prices file, under the Coroner data folder. */
    public static final String USER_FILE = "prices.toml";
    /** Tried in this order before a name that has no exact match (ccusage's order). */
    static final List<String> PREFIXES = List.of("anthropic/", "openai/", "azure/", "openrouter/openai/");
    private static final String BUNDLED = "prices.toml";
    private static final String CACHE_WRITE_1H = "cache_write_1h";

    private final Map<String, ModelPrice> prices;
    private final String source;

    private PriceTable(Map<String, ModelPrice> prices, String source) {
        this.prices = prices;
        this.source = source;
    }

    private static volatile PriceTable bundled;

    /** The bundled table (read once). */
    public static PriceTable bundled() {
        PriceTable b = bundled;
        if (b == null) {
            try (InputStream in = PriceTable.class.getResourceAsStream(BUNDLED)) {
                if (in == null) {
                    throw new IllegalStateException("the bundled price table " + BUNDLED + " is missing");
                }
                b = bundled = parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "bundled " + BUNDLED);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return b;
    }

    /** A prices file; a file that is not such a table is refused with the line and column of the fault. */
    public static PriceTable load(Path toml) throws IOException {
        return read(Files.readAllBytes(toml), toml.toString());
    }

    /**
     * A prices file's bytes, read already (a report hashes the same bytes it prices with); {@code name} says where they
     * came from, in messages and {@link #source()}. Refused as {@link #load} refuses.
     */
    public static PriceTable read(byte[] bytes, String name) throws IOException {
        try {
            return parse(new String(bytes, StandardCharsets.UTF_8), name);
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** Parses a prices table; {@code name} says where it came from, in messages and {@link #source()}. */
    static PriceTable parse(String text, String name) {
        TomlParseResult toml = Toml.parse(text);
        if (toml.hasErrors()) {
            TomlParseError e = toml.errors().get(0);
            throw new IllegalArgumentException(name + ": not a prices file: " + e.toString());
        }
        for (String key : toml.keySet()) {
            if (!key.equals("models") && !key.equals("source")) {
                throw new IllegalArgumentException(name + ": unknown table or key \"" + key + "\"" + at(toml, key)
                        + " (a prices file has [source] and [models.\"NAME\"] tables)");
            }
            if (!toml.isTable(List.of(key))) {
                throw new IllegalArgumentException(name + ": " + key + at(toml, key) + " is not a table");
            }
        }
        String source = name;
        TomlTable src = toml.getTable(List.of("source"));
        if (src != null) {
            String s = sourceText(src, "name", name);
            String d = sourceText(src, "date", name);
            for (String key : src.keySet()) {
                if (!key.equals("name") && !key.equals("date")) {
                    throw new IllegalArgumentException(name + ": unknown key source." + key + at(src, key)
                            + " ([source] has name and date)");
                }
            }
            if (s != null) {
                source = s + (d == null ? "" : ", " + d);
            }
        }
        Map<String, ModelPrice> prices = new LinkedHashMap<>();
        TomlTable models = toml.getTable(List.of("models"));
        if (models != null) {
            for (String model : models.keySet()) {
                Object v = models.get(List.of(model));
                if (!(v instanceof TomlTable t)) {
                    throw new IllegalArgumentException(name + ": models.\"" + model + "\"" + at(models, model)
                            + " is not a table");
                }
                for (String key : t.keySet()) {
                    if (!PRICE_KEYS.contains(key)) { // a misspelt price would otherwise be a missing one: 0
                        throw new IllegalArgumentException(name + ": unknown key models.\"" + model + "\"." + key
                                + at(t, key) + " (a model's prices are " + String.join(", ", PRICE_KEYS) + ")");
                    }
                }
                double cacheWrite = number(t, "cache_write", name, model);
                prices.put(model, new ModelPrice(model, number(t, "input", name, model), number(t, "output", name, model),
                        cacheWrite, number(t, "cache_read", name, model),
                        t.contains(List.of(CACHE_WRITE_1H)) ? number(t, CACHE_WRITE_1H, name, model) : cacheWrite));
            }
        }
        return new PriceTable(Map.copyOf(prices), source);
    }

    /** The keys a model's table may hold. */
    private static final List<String> PRICE_KEYS = List.of("input", "output", "cache_write", "cache_read",
            CACHE_WRITE_1H);

    /** {@code [source]}'s {@code key}: a string, or a TOML date or time written as it reads; else refused. */
    private static String sourceText(TomlTable src, String key, String name) {
        Object v = src.get(List.of(key));
        if (v == null || v instanceof String) {
            return (String) v;
        }
        if (v instanceof java.time.temporal.TemporalAccessor) {
            return v.toString();
        }
        throw new IllegalArgumentException(name + ": source." + key + at(src, key) + " is not a text");
    }

    /** " (line L, column C)": where {@code key} of {@code t} is written, when known. */
    private static String at(TomlTable t, String key) {
        org.tomlj.TomlPosition p = t.inputPositionOf(List.of(key));
        return p == null ? "" : " (line " + p.line() + ", column " + p.column() + ")";
    }

    private static double number(TomlTable t, String key, String name, String model) {
        Object v = t.get(List.of(key));
        if (v == null) {
            return 0;
        }
        if (v instanceof Number n && Double.isFinite(n.doubleValue()) && n.doubleValue() >= 0) {
            return n.doubleValue();
        }
        throw new IllegalArgumentException(name + ": models.\"" + model + "\"." + key + at(t, key)
                + " is not a price (a number of dollars per million tokens, 0 or more)");
    }

    /** This table with {@code other}'s models replacing or joining its own. */
    public PriceTable overriddenBy(PriceTable other) {
        Map<String, ModelPrice> all = new LinkedHashMap<>(prices);
        all.putAll(other.prices);
        return new PriceTable(Map.copyOf(all), other.source + " over " + source);
    }

    /** The model's price (docs/COST.md, "Matching"): its exact name, then with each provider prefix; else empty. */
    public Optional<ModelPrice> price(String model) {
        if (model == null || model.isEmpty()) {
            return Optional.empty();
        }
        ModelPrice p = prices.get(model);
        if (p != null) {
            return Optional.of(p);
        }
        for (String prefix : PREFIXES) {
            p = prices.get(prefix + model);
            if (p != null) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** Where the prices come from: the bundled list's source and date, and any file over it. */
    public String source() {
        return source;
    }

    /** How many models the table prices. */
    public int size() {
        return prices.size();
    }

    /**
     * What {@code usage} cost: each model's tokens at its price. A model that billed tokens but has no price makes
     * the cost null and is named; a model with no tokens needs no price.
     */
    public Cost cost(TranscriptUsage usage) {
        return cost(usage.byModel());
    }

    /** What these tokens per model cost (see {@link #cost(TranscriptUsage)}). */
    public Cost cost(Map<String, TokenCounts> byModel) {
        BigDecimal usd = BigDecimal.ZERO;
        List<String> unpriced = new ArrayList<>();
        for (Map.Entry<String, TokenCounts> e : byModel.entrySet()) {
            if (e.getValue().isZero()) {
                continue;
            }
            Optional<ModelPrice> p = price(e.getKey());
            if (p.isPresent()) {
                usd = usd.add(p.get().exact(e.getValue()));
            } else {
                unpriced.add(e.getKey().isEmpty() ? NO_MODEL : e.getKey());
            }
        }
        return Cost.of(usd, unpriced);
    }

    /** How a message that names no model is named among the unpriced ones. */
    public static final String NO_MODEL = "(no model named)";

    /** The user's prices file under {@code dataFolder} (it may not exist). */
    public static Path userFile(Path dataFolder) {
        return dataFolder.resolve(USER_FILE);
    }

    /** The bundled table overridden by the user's prices file under {@code dataFolder} when there is one. */
    public static PriceTable forUser(Path dataFolder) throws IOException {
        Path file = userFile(dataFolder);
        return Files.isRegularFile(file) ? bundled().overriddenBy(load(file)) : bundled();
    }

    /**
     * The user's prices file under this run's Coroner data folder ({@code -Dcoroner.data}, else the platform's:
     * docs/ARCHITECTURE.md, "Workspaces"). The folder's rule lives in the fixtures module's {@code DataFolder}, which
     * core does not depend on; it is looked up by name, and wherever the window or the command line runs it is there.
     */
    public static Path userFile() {
        return userFile(dataFolder());
    }

    /** {@link #forUser(Path)} under this run's data folder. */
    public static PriceTable forUser() throws IOException {
        return forUser(dataFolder());
    }

    private static Path dataFolder() {
        try {
            return (Path) Class.forName("dev.coroner.fixtures.DataFolder").getMethod("current").invoke(null);
        } catch (ClassNotFoundException | NoSuchMethodException | IllegalAccessException e) {
            throw new IllegalStateException("no Coroner data folder here (dev.coroner.fixtures.DataFolder is not on "
                    + "the class path): pass the folder to PriceTable.userFile(Path)", e);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(e.getCause());
        }
    }
}
