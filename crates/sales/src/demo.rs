//! Demo data, through the context's own operations; loading it again adds nothing.

use platform::context::Demo;
use platform::error::Result;
use platform::Role;

use crate::domain::ItemDraft;
use crate::service::Items;

pub async fn seed(items: &Items, demo: &Demo) -> Result<Vec<String>> {
    if items.count().await? > 0 {
        return Ok(vec!["Sales: itens de demonstração já existiam.".into()]);
    }
    let owner = demo.user(Role::Admin).map(|u| u.uid.as_str()).unwrap_or("");
    let names = [("Caixa de luvas", 4_590), ("Seringa 5 ml", 129), ("Avental", 2_350)];
    for (name, amount) in names {
        let draft = ItemDraft {
            name: Some(name.into()),
            amount: Some(amount),
        };
        items.create(draft, owner).await?;
    }
    Ok(vec![format!("Sales: {} itens de demonstração criados.", names.len())])
}
