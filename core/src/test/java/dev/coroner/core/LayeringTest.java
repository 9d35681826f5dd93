package dev.coroner.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * docs/ARCHITECTURE.md, "Modules": core is pure Java; it never sees JavaFX (nor the app that sits on it), and its
 * packages depend on each other one way only, never in a circle.
 */
class LayeringTest {
    /** Imported once for the class: every rule reads the same classes. */
    private static final JavaClasses CORE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.coroner.core");

    @Test
    void coreNeverSeesJavaFx() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("javafx..", "com.sun.javafx..", "org.fxmisc..")
                .check(CORE);
    }

    @Test
    void coreNeverSeesTheApp() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("dev.coroner.app..").check(CORE);
    }

    @Test
    void corePackagesAreFreeOfCycles() {
        slices().matching("dev.coroner.core.(*)..").should().beFreeOfCycles().check(CORE);
    }
}
