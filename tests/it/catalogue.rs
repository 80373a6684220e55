//! The card catalogue (`assets/cards.toml`) against cards.md's totals.

use foreman::engine::cards::{CATALOGUE_TOML, Catalogue, CatalogueError};
use foreman::engine::{Blueprint, CardType, Contractor, Tool, catalogue};

#[test]
fn totals_match_cards_md() {
    let cat = catalogue();
    let copies: u32 = cat.blueprints.iter().map(|b| u32::from(b.copies)).sum();
    assert_eq!(copies, 74, "cards.md: 74 blueprints");
    assert_eq!(cat.blueprints.len(), 32, "cards.md: 32 names");
    let contractors: u32 = cat.contractors.iter().map(|c| u32::from(c.copies)).sum();
    assert_eq!(contractors, 17, "cards.md: 17 contractors");
    assert_eq!(cat.contractors.len(), 8);
}

#[test]
fn tool_and_type_splits_match_cards_md() {
    let by_tool: Vec<u32> = Tool::ALL
        .iter()
        .map(|t| {
            Blueprint::ALL
                .iter()
                .filter(|b| b.tool() == *t)
                .map(|b| u32::from(b.info().copies))
                .sum()
        })
        .collect();
    assert_eq!(
        by_tool,
        vec![19, 19, 18, 18],
        "shovel, gear, wrench, hammer"
    );
    let by_type: Vec<u32> = CardType::ALL
        .iter()
        .map(|k| {
            Blueprint::ALL
                .iter()
                .filter(|b| b.kind() == *k)
                .map(|b| u32::from(b.info().copies))
                .sum()
        })
        .collect();
    assert_eq!(
        by_type,
        vec![25, 14, 10, 13, 12],
        "Production, Utility, Training, Special, Monument"
    );
}

#[test]
fn spot_checks_of_rows() {
    // cards.md rows: Megalith 3 copies, wrench, 5 metal 2 energy, 3 prestige; Engineer 4 energy.
    let m = Blueprint::Megalith.info();
    assert_eq!(
        (m.copies, m.tool, m.metal, m.energy, m.prestige),
        (3, Tool::Wrench, 5, 2, 3)
    );
    assert_eq!(Blueprint::Megalith.name_fr(), "Mégalithe");
    assert_eq!(Contractor::Engineer.info().extra_energy, 4);
    assert_eq!(Contractor::HiredHands.name_fr(), "Main d'Œuvre");
}

#[test]
fn names_look_up_in_english_and_french() {
    assert_eq!(
        Blueprint::from_name("super usine"),
        Some(Blueprint::MegaFactory)
    );
    assert_eq!(
        Blueprint::from_name("Mega Factory"),
        Some(Blueprint::MegaFactory)
    );
    assert_eq!(
        Contractor::from_name("Contremaître"),
        Some(Contractor::Foreman)
    );
    assert_eq!(Blueprint::from_name("Spaceport"), None);
}

#[test]
fn a_broken_catalogue_is_refused_with_a_reason() {
    let missing = CATALOGUE_TOML.replacen("name = \"Warehouse\"", "name = \"Spaceport\"", 1);
    assert_eq!(
        Catalogue::parse(&missing),
        Err(CatalogueError::Unknown("Spaceport".into()))
    );
    let wrong_count = CATALOGUE_TOML.replacen("copies = 5", "copies = 6", 1);
    assert!(matches!(
        Catalogue::parse(&wrong_count),
        Err(CatalogueError::Total {
            found: 75,
            expected: 74,
            ..
        })
    ));
    assert!(matches!(
        Catalogue::parse("[[blueprint]]\nname = 3"),
        Err(CatalogueError::Syntax(_))
    ));
}
